import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { isSideMenuHidden } from '@/config/paths';
import { useSessionStore } from '@/stores/session-store';
import { useUiStore } from '@/stores/ui-store';
import { useInvitationLink } from '../use-invitation-link';
import { FloatingBar } from './floating-bar';
import { Header } from './header';
import { SideMenu } from './side-menu';
import styles from './site-shell.module.css';
import { TopNav } from './top-nav';

// Below the fold on every page: its badges, links and region logic stay out of the first download.
const Footer = lazy(() => import('./footer').then((module) => ({ default: module.Footer })));

// Loaded only for signed-in members: visitors' first download stays without the agent code.
const MemberContractPopup = lazy(() =>
  import('@/features/agent/components/member-contract-popup').then((module) => ({ default: module.MemberContractPopup })),
);

/** The member site's frame: header, side menu, top navigation, content, footer, floating bar. */
export function SiteShell() {
  const { t } = useTranslation();
  const location = useLocation();
  const isCollapsed = useUiStore((state) => state.isSideMenuCollapsed);
  const isFloatingBarCollapsed = useUiStore((state) => state.isFloatingBarCollapsed);
  const isMember = useSessionStore((state) => state.isLogin && !state.isTrial);
  const hasSideMenu = !isSideMenuHidden(location.pathname);
  useInvitationLink();
  const sideMenuState = hasSideMenu ? (isCollapsed ? 'collapsed' : 'expanded') : 'hidden';
  return (
    <div className={styles.shell} data-side-menu={sideMenuState} data-floating={isFloatingBarCollapsed ? 'collapsed' : 'expanded'}>
      <a href="#main" className="skip-link">
        {t('shell.skipToContent')}
      </a>
      <Header hasSideMenu={hasSideMenu} />
      {hasSideMenu ? <SideMenu /> : null}
      <div className={styles.column}>
        <TopNav />
        <main id="main" tabIndex={-1} className={styles.main}>
          <Outlet />
        </main>
        <Suspense fallback={null}>
          <Footer />
        </Suspense>
      </div>
      <FloatingBar />
      {isMember ? (
        <Suspense fallback={null}>
          <MemberContractPopup />
        </Suspense>
      ) : null}
    </div>
  );
}
