import { VendorRows } from '@/features/catalogue/components/vendor-rows';
import { HomeHero } from '@/features/home/components/home-hero';
import { HomePage } from '@/features/home/components/home-page';
import { useGameActions } from './game-actions';
import styles from './home.module.css';

/** Home: marquee, banners, hot games, jackpot, winners, then the vendor rows in the spec's order. */
export function HomeRoute() {
  const { renderGame, openVendor, playVendor, followGameLink } = useGameActions();
  return (
    <div className={styles.home}>
      <HomePage
        hero={<HomeHero />}
        renderHotGame={renderGame}
        onGameLink={followGameLink}
        rows={<VendorRows onOpenVendor={openVendor} onPlayVendor={playVendor} />}
      />
    </div>
  );
}
