import { lazy, type ReactNode, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon, type IconName } from '@/components/ui/icon';
import { RenderWhenNear } from '@/components/ui/render-when-near';
import { useHomeAnnouncements } from '../api/get-announcements';
import { type HotGame, useHotGames } from '../api/get-hot-games';
import { AnnouncementPopup } from './announcement-popup';
import { BannerCarousel } from './banner-carousel';
import { GameCarousel } from './game-carousel';
import styles from './home-page.module.css';
import { JackpotTicker } from './jackpot-ticker';
import { NoticeMarquee } from './notice-marquee';
import { WinnerBoard } from './winner-board';

// DOMPurify and the popups stay out of the home page's first download. The carousels are the
// browser's scrolling (scroll-carousel.tsx, a few KB): they come with the page, no second trip.
const NoticeDialog = lazy(() => import('./notice-dialog').then((module) => ({ default: module.NoticeDialog })));

const hotGameKey = (game: HotGame) => `${game.vassalage}-${game.nodeId}`;

interface HomePageProps {
  /** The hero shown while there are no banners. */
  hero: ReactNode;
  /** A game tile (favourite star, play buttons) composed by the app. */
  renderHotGame: (game: HotGame) => ReactNode;
  /** The vendor rows composed by the app. */
  rows: ReactNode;
  onGameLink: (linkage: string) => void;
}

/** Home: marquee, banners, hot games, jackpot, winner board, video banners, then the rows. */
export function HomePage({ hero, renderHotGame, rows, onGameLink }: HomePageProps) {
  const { t } = useTranslation();
  const announcements = useHomeAnnouncements();
  const hotGames = useHotGames();
  const [noticeIndex, setNoticeIndex] = useState<number | null>(null);
  const notices = [...(announcements.data?.headlines ?? []), ...(announcements.data?.playerNotices ?? [])];
  const banners = announcements.data?.banners ?? [];
  const homeBanners = banners.filter((banner) => banner.groupName === 'w_home');
  const promotionBanners = banners.filter((banner) => banner.groupName === 'w_promotion');
  const bannerFallback = <div className={styles.bannerPlaceholder} aria-hidden="true" />;

  return (
    <div className={styles.page}>
      {announcements.isPending ? (
        // The marquee's place is kept while the notices load: nothing below it moves when they arrive.
        <div className={styles.marqueePlaceholder} aria-hidden="true" />
      ) : (
        <NoticeMarquee notices={notices} onOpen={setNoticeIndex} />
      )}
      {announcements.isPending ? (
        bannerFallback
      ) : homeBanners.length > 0 ? (
        <BannerCarousel banners={homeBanners} variant="home" onGameLink={onGameLink} />
      ) : (
        hero
      )}

      <div className={styles.split}>
        <JackpotTicker />
      </div>

      {hotGames.data && hotGames.data.length > 0 ? (
        <section className={styles.section} aria-labelledby="home-hot-title" data-testid="hot-games">
          <SectionTitle id="home-hot-title" icon="sparkle" title={t('home.hot.title')} />
          <GameCarousel items={hotGames.data} getKey={hotGameKey} renderItem={renderHotGame} />
        </section>
      ) : hotGames.isPending ? (
        <div className={styles.hotPlaceholder} aria-hidden="true" />
      ) : null}

      {/* Below the first screen: rendered when scrolled near or once the first screen is done,
          then laid out and painted only when near (content-visibility). */}
      <RenderWhenNear className={styles.belowFold}>
        <WinnerBoard />
      </RenderWhenNear>

      {promotionBanners.length > 0 ? (
        <RenderWhenNear className={styles.belowFold}>
          <section className={styles.section} aria-labelledby="home-promo-title">
            <SectionTitle id="home-promo-title" icon="gift" title={t('home.banners.promotions')} />
            <BannerCarousel banners={promotionBanners} variant="promotion" onGameLink={onGameLink} />
          </section>
        </RenderWhenNear>
      ) : null}

      <RenderWhenNear className={`${styles.belowFold} ${styles.rows}`}>{rows}</RenderWhenNear>

      {noticeIndex !== null ? (
        <Suspense fallback={null}>
          <NoticeDialog title={t('home.notices.title')} items={notices} initialIndex={noticeIndex} onClose={() => setNoticeIndex(null)} />
        </Suspense>
      ) : null}
      <AnnouncementPopup popups={announcements.isPending ? undefined : (announcements.data?.popups ?? [])} />
    </div>
  );
}

/** A home section's heading: its icon in a gold badge, then the title. */
function SectionTitle({ id, icon, title }: { id: string; icon: IconName; title: string }) {
  return (
    <h2 id={id} className={styles.sectionTitle}>
      <span className={styles.flame}>
        <Icon name={icon} size={18} />
      </span>
      {title}
    </h2>
  );
}
