import type { GameItem } from '@kismat/contracts/catalogue';
import { type ReactNode, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { Dialog } from '@/components/ui/dialog';
import { useVendorPopupStore } from '../utils/vendor-popup-store';
import { GameBrowser } from './game-browser';
import styles from './vendor-games-dialog.module.css';

/** The vendor popup list: the vendor's games (filters, search, paging) in the generic dialog. */
export function VendorGamesDialog({ renderGame }: { renderGame: (game: GameItem, index: number) => ReactNode }) {
  const { t } = useTranslation();
  const vendor = useVendorPopupStore((state) => state.vendor);
  const close = useVendorPopupStore((state) => state.close);
  const location = useLocation();
  const openedAt = useRef(location.key);
  // A game launched from the list may open on a page of this site (in-house games, /seamless):
  // the list must not stay on top of the page it opened.
  useEffect(() => {
    if (location.key !== openedAt.current) close();
  }, [location.key, close]);
  if (!vendor) return null;
  return (
    <Dialog isOpen onClose={close} title={vendor.displayName} width="min(1080px, 96vw)" height={480} className={styles.dialog}>
      {/* Focus starts on the vendor, not the search box: on a phone that box would raise the keyboard over the list. */}
      <div className={styles.head} tabIndex={-1} data-autofocus>
        <img src={vendor.logoUrl} alt="" width={96} height={60} />
        <span>{t(`categories.${vendor.gameType}`)}</span>
      </div>
      <GameBrowser
        gameType={vendor.gameType}
        vassalage={vendor.vassalage}
        heading={t('games.browser.vendorGames')}
        renderGame={renderGame}
      />
    </Dialog>
  );
}
