import { lazy, Suspense, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { useIsNearOrDue } from '@/components/ui/render-when-near';
import { isSideMenuHidden } from '@/config/paths';
import { useSessionStore } from '@/stores/session-store';
import { useUiStore } from '@/stores/ui-store';
import { isHomePath } from '../prefetch-first-screen';
import { useInvitationLink } from '../use-invitation-link';
import { FloatingBar } from './floating-bar';
import { Header } from './header';
import { SideMenu } from './side-menu';
import styles from './site-shell.module.css';
import { TopNav } from './top-nav';
import { useIsMobile } from './use-is-mobile';

// Below the fold on every page: its badges, links and region logic stay out of the first download.
const Footer = lazy(() => import('./footer').then((module) => ({ default: module.Footer })));

// Loaded only for signed-in members: visitors' first download stays without the agent code.
const MemberContractPopup = lazy(() =>
  import('@/features/agent/components/member-contract-popup').then((module) => ({ default: module.MemberContractPopup })),
);

/**
 * On home the footer comes when its place is within a screen of the viewport or the first screen
 * is done: home's first screen on a phone (the footer 4,000 px down) loads and renders it no more
 * (issue 16 item 6). Elsewhere it comes with the page, as before: on a short page (a game centre)
 * a footer arriving after the page's answers cost a longer task than it saved. Once shown it stays.
 * Its own component, so that its arrival re-renders the footer only, not the shell and the page.
 */
function FooterWhenNear() {
  const location = useLocation();
  const markRef = useRef<HTMLDivElement>(null);
  const isNearOrDue = useIsNearOrDue(markRef);
  const [wasShown, setWasShown] = useState(false);
  const isShown = wasShown || isNearOrDue || !isHomePath(location.pathname);
  if (isShown && !wasShown) setWasShown(true);
  return (
    <>
      <div ref={markRef} aria-hidden="true" />
      {isShown ? (
        <Suspense fallback={null}>
          <Footer />
        </Suspense>
      ) : null}
    </>
  );
}

/** The member site's frame: header, side menu, top navigation, content, footer, floating bar. */
export function SiteShell() {
  const { t } = useTranslation();
  const location = useLocation();
  const isCollapsed = useUiStore((state) => state.isSideMenuCollapsed);
  const isFloatingBarCollapsed = useUiStore((state) => state.isFloatingBarCollapsed);
  const isMember = useSessionStore((state) => state.isLogin && !state.isTrial);
  const hasSideMenu = !isSideMenuHidden(location.pathname);
  useInvitationLink();
  // A phone never shows the floating bar (floating-bar.module.css; the drawer carries its links).
  const isMobile = useIsMobile();
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
        <FooterWhenNear />
      </div>
      {isMobile ? null : <FloatingBar />}
      {isMember ? (
        <Suspense fallback={null}>
          <MemberContractPopup />
        </Suspense>
      ) : null}
    </div>
  );
}
