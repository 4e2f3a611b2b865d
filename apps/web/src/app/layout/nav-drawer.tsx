import { useLayoutEffect, useRef } from 'react';
import type { ReactNode, RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { iconButton } from '../../components/button-styles';
import { Icon } from '../../components/icon';
import { NAV_DRAWER_ID } from './nav-items';
import { useFocusTrap } from '../../components/focus-trap';

/**
 * The small-screen navigation: a modal panel sliding in from the left. It takes focus when it
 * opens, keeps Tab inside, closes on Escape or an overlay click, and hands focus back to the
 * button that opened it.
 */
export function NavDrawer({
  onClose,
  returnFocusRef,
  children,
}: {
  onClose: () => void;
  returnFocusRef: RefObject<HTMLElement | null>;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const panelRef = useRef<HTMLDivElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);

  // A layout effect, so focus is inside the drawer in the same commit that shows it.
  useLayoutEffect(() => {
    closeRef.current?.focus();
    const returnTo = returnFocusRef.current;
    const { overflow } = document.body.style;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = overflow;
      returnTo?.focus();
    };
  }, [returnFocusRef]);

  useFocusTrap(panelRef, onClose);

  return (
    <div className="fixed inset-0 z-50 lg:hidden">
      <div
        data-testid="nav-drawer-overlay"
        aria-hidden="true"
        onClick={onClose}
        className="absolute inset-0 bg-slate-950/60 backdrop-blur-sm"
      />
      <div
        id={NAV_DRAWER_ID}
        ref={panelRef}
        role="dialog"
        aria-modal="true"
        aria-label={t('nav.drawerLabel')}
        className="animate-drawer-in absolute inset-y-0 left-0 flex w-72 max-w-[85vw] flex-col shadow-xl"
      >
        <button
          ref={closeRef}
          type="button"
          onClick={onClose}
          aria-label={t('nav.closeMenu')}
          className={`${iconButton} absolute top-3 right-3 z-10`}
        >
          <Icon name="close" />
        </button>
        {children}
      </div>
    </div>
  );
}
