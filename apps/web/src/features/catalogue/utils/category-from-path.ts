import { GAME_CATEGORIES, type GameCategory } from '@kismat/contracts/constants';
import { CATEGORY_PATHS } from '@/config/paths';

/** The category a game page shows, from its path (/sports -> SPORTS); null when none matches. */
export function categoryFromPath(pathname: string): GameCategory | null {
  const path = pathname.toLowerCase().replace(/\/+$/, '');
  return GAME_CATEGORIES.find((category) => CATEGORY_PATHS[category] === path) ?? null;
}
