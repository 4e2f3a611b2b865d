import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { GuardMessage } from '../components/guard-message';
import { useAuth } from '../lib/auth/auth-context';
import type { Permission, Role } from '../lib/auth/auth-types';

/** Renders its children only for users with the role; others see 'Insufficient Role'. */
export function RoleGuard({ role, children }: { role: Role; children: ReactNode }) {
  const { t } = useTranslation();
  const { hasRole } = useAuth();
  if (hasRole(role)) return children;
  return (
    <GuardMessage
      title={t('guard.insufficientRole')}
      message={t('guard.insufficientRoleMessage', { role })}
    />
  );
}

/** Renders its children only for users with the permission; others see 'Access Denied'. */
export function PermissionGuard({
  permission,
  children,
}: {
  permission: Permission;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const { hasPermission } = useAuth();
  if (hasPermission(permission)) return children;
  return <GuardMessage title={t('guard.accessDenied')} message={t('guard.accessDeniedMessage')} />;
}
