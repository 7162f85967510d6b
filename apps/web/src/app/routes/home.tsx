import { VendorRows } from '@/features/catalogue/components/vendor-rows';
import { HomeHero } from '@/features/home/components/home-hero';
import styles from './home.module.css';

/** Home: the hero, then the vendor rows in the spec's order. Banners and boards join later. */
export function HomeRoute() {
  return (
    <div className={styles.home}>
      <HomeHero />
      <VendorRows />
    </div>
  );
}
