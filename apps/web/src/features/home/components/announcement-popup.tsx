import type { AnnouncementItem } from '@kismat/contracts/messages';
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePopupTurn } from '@/stores/popup-queue-store';
import { useSessionStore } from '@/stores/session-store';
import { isPopupClosed, markPopupClosed } from '@/stores/storage';
import { selectPopups } from '../utils/popup-audience';
import { usePageSettled } from '../utils/use-page-settled';

const NoticeDialog = lazy(() => import('./notice-dialog').then((module) => ({ default: module.NoticeDialog })));

/**
 * The public announcement popup, once the login state is known: audience B for visitors (not
 * after a member signed out in this tab), A for members, F on a first login only; once a session
 * unless closed (markers in sessionStorage).
 * It is the first of the greeting popups (popup-queue-store.ts): while its list is loading, a
 * contract offer waits for it. `popups` is undefined while the list is loading.
 */
export function AnnouncementPopup({ popups }: { popups: readonly AnnouncementItem[] | undefined }) {
  const { t } = useTranslation();
  const isLogin = useSessionStore((state) => state.isLogin);
  const isFirstLogin = useSessionStore((state) => state.isFirstLogin);
  const hasSignedOut = useSessionStore((state) => state.hasSignedOut);
  // A member's state is known once member info arrived; a visitor's at once.
  const isKnown = useSessionStore((state) => !state.isLogin || state.member !== null);
  // Bumped on close, so the selection is read again (the closed list's marker is now set).
  const [closedCount, setClosedCount] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: closedCount re-reads the session markers.
  const selection = useMemo(() => {
    if (!popups || !isKnown) return null;
    const next = selectPopups(popups, { isLogin, isFirstLogin, hasSignedOut }, isPopupClosed);
    return next.items.length > 0 ? next : null;
  }, [popups, isLogin, isFirstLogin, hasSignedOut, isKnown, closedCount]);
  const isMyTurn = usePopupTurn('announcement', !popups || !isKnown ? 'deciding' : selection ? 'ready' : 'none');
  const isPageSettled = usePageSettled();

  if (!selection || !isMyTurn || !isPageSettled) return null;
  const close = () => {
    for (const marker of selection.markers) markPopupClosed(marker);
    setClosedCount((count) => count + 1);
  };
  return (
    <Suspense fallback={null}>
      <NoticeDialog title={t('home.popup.title')} items={selection.items} initialIndex={0} onClose={close} />
    </Suspense>
  );
}
