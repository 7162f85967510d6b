import type { GameCategory } from '@kismat/contracts/constants';
import type { IconName } from '@/components/ui/icon';
import type { NavKey } from './nav-items';

/** One icon per navigation entry and game category, shared by the nav, side menu and rows. */
export const NAV_ICONS: Record<NavKey | 'BGS', IconName> = {
  HOME: 'home',
  PROMO: 'gift',
  ELOTT: 'dice',
  LOTT: 'ticket',
  LIVE: 'live',
  SPORTS: 'sports',
  FISH: 'fish',
  RNG: 'slots',
  PVP: 'cards',
  ESPORTS: 'gamepad',
  COCKFIGHT: 'rooster',
  BGS: 'crown',
};

export function categoryIcon(category: GameCategory): IconName {
  return NAV_ICONS[category];
}
