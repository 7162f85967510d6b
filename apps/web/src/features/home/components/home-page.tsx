import { lazy, memo, type ReactNode, Suspense, useDeferredValue, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon, type IconName } from '@/components/ui/icon';
import { RenderWhenNear } from '@/components/ui/render-when-near';
import { removeFirstScreen } from '@/lib/first-screen';
import { useHomeAnnouncements } from '../api/get-announcements';
import { type HotGame, useHotGames } from '../api/get-hot-games';
import { AnnouncementPopup } from './announcement-popup';
import { BannerCarousel as BannerCarouselBlock } from './banner-carousel';
import { GameCarousel as GameCarouselBlock } from './game-carousel';
import styles from './home-page.module.css';
import { JackpotTicker as JackpotTickerBlock } from './jackpot-ticker';
import { NoticeMarquee as NoticeMarqueeBlock } from './notice-marquee';
import { WinnerBoard as WinnerBoardBlock } from './winner-board';

// Each answer that lands (announcements, hot games, ...) re-renders the page; a block whose own
// data did not change is skipped instead of rendered again (issue 16 item 6).
const BannerCarousel = memo(BannerCarouselBlock);
const GameCarousel = memo(GameCarouselBlock);
const JackpotTicker = memo(JackpotTickerBlock);
const NoticeMarquee = memo(NoticeMarqueeBlock);
const WinnerBoard = memo(WinnerBoardBlock);

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
  // An answer's blocks render deferred: in slices that yield to the browser, not in the blocking
  // render a query store's update gets (issue 16 item 6, total blocking time).
  const announcementsNow = useHomeAnnouncements();
  const hotGamesNow = useHotGames();
  const announcements = useDeferredValue(
    useMemo(
      () => ({ data: announcementsNow.data, isPending: announcementsNow.isPending }),
      [announcementsNow.data, announcementsNow.isPending],
    ),
  );
  const hotGames = useDeferredValue(
    useMemo(() => ({ data: hotGamesNow.data, isPending: hotGamesNow.isPending }), [hotGamesNow.data, hotGamesNow.isPending]),
  );
  const [noticeIndex, setNoticeIndex] = useState<number | null>(null);
  const { notices, homeBanners, promotionBanners } = useMemo(() => {
    const data = announcements.data;
    const banners = data?.banners ?? [];
    return {
      notices: [...(data?.headlines ?? []), ...(data?.playerNotices ?? [])],
      homeBanners: banners.filter((banner) => banner.groupName === 'w_home'),
      promotionBanners: banners.filter((banner) => banner.groupName === 'w_promotion'),
    };
  }, [announcements.data]);
  const bannerFallback = <div className={styles.bannerPlaceholder} aria-hidden="true" />;
  // No banner to show (none, or the answer failed): the HTML's copy of one goes (lib/first-screen.ts).
  const hasNoBanner = !announcements.isPending && homeBanners.length === 0;
  useEffect(() => {
    if (hasNoBanner) removeFirstScreen();
  }, [hasNoBanner]);

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

      {/* The vendor rows (some 500 elements) start a screen and more down a phone, under sections
          whose height is known only once their answers land: they come when a quarter screen away. */}
      <RenderWhenNear className={`${styles.belowFold} ${styles.rows}`} margin="25% 0px">
        {rows}
      </RenderWhenNear>

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
