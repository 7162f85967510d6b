import { lazy, type ReactNode, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon, type IconName } from '@/components/ui/icon';
import { useHomeAnnouncements } from '../api/get-announcements';
import { type HotGame, useHotGames } from '../api/get-hot-games';
import { AnnouncementPopup } from './announcement-popup';
import styles from './home-page.module.css';
import { JackpotTicker } from './jackpot-ticker';
import { NoticeMarquee } from './notice-marquee';
import { WinnerBoard } from './winner-board';

// Swiper, DOMPurify and the popups stay out of the home page's first download.
const BannerCarousel = lazy(() => import('./banner-carousel').then((module) => ({ default: module.BannerCarousel })));
const GameCarousel = lazy(() => import('./game-carousel').then((module) => ({ default: module.GameCarousel })));
const NoticeDialog = lazy(() => import('./notice-dialog').then((module) => ({ default: module.NoticeDialog })));

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
      <NoticeMarquee notices={notices} onOpen={setNoticeIndex} />
      {announcements.isPending ? (
        bannerFallback
      ) : homeBanners.length > 0 ? (
        <Suspense fallback={bannerFallback}>
          <BannerCarousel banners={homeBanners} variant="home" onGameLink={onGameLink} />
        </Suspense>
      ) : (
        hero
      )}

      <div className={styles.split}>
        <JackpotTicker />
      </div>

      {hotGames.data && hotGames.data.length > 0 ? (
        <section className={styles.section} aria-labelledby="home-hot-title" data-testid="hot-games">
          <SectionTitle id="home-hot-title" icon="sparkle" title={t('home.hot.title')} />
          <Suspense fallback={<div className={styles.hotPlaceholder} aria-hidden="true" />}>
            <GameCarousel items={hotGames.data} getKey={(game) => `${game.vassalage}-${game.nodeId}`} renderItem={renderHotGame} />
          </Suspense>
        </section>
      ) : hotGames.isPending ? (
        <div className={styles.hotPlaceholder} aria-hidden="true" />
      ) : null}

      <WinnerBoard />

      {promotionBanners.length > 0 ? (
        <section className={styles.section} aria-labelledby="home-promo-title">
          <SectionTitle id="home-promo-title" icon="gift" title={t('home.banners.promotions')} />
          <Suspense fallback={null}>
            <BannerCarousel banners={promotionBanners} variant="promotion" onGameLink={onGameLink} />
          </Suspense>
        </section>
      ) : null}

      {rows}

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
