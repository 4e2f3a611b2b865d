import type { Policy } from '@smart-city/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { GuardMessage } from '../components/guard-message';
import { useAuth } from '../lib/auth/auth-context';

/**
 * Renders its children only for users whose role the shared policy allows (the rule the server
 * holds the screen's endpoints to); others see 'Access Denied'.
 */
export function PolicyGuard({ policy, children }: { policy: Policy; children: ReactNode }) {
  const { t } = useTranslation();
  const { allows } = useAuth();
  if (allows(policy)) return children;
  return <GuardMessage title={t('guard.accessDenied')} message={t('guard.accessDeniedMessage')} />;
}
