import type { GameMenu, NavMenuEntry } from '@kismat/contracts/catalogue';
import type { GameCategory } from '@kismat/contracts/constants';

/** The header's game items in the spec's order (home comes before, promotions after, on the web). */
const NAV_ORDER: readonly GameCategory[] = ['ELOTT', 'LOTT', 'LIVE', 'SPORTS', 'FISH', 'RNG', 'PVP', 'ESPORTS', 'COCKFIGHT'];
/** These always navigate to their list page, even with a single vendor (spec section 2). */
const ALWAYS_NAVIGATE: readonly GameCategory[] = ['PVP', 'FISH', 'RNG'];
/** Above this many vendors the drop menu uses the large layout. */
const LARGE_MENU_ABOVE = 10;

/** Header navigation from the menus: a category appears only with at least one vendor. */
export function getNavMenu(menus: readonly GameMenu[]): NavMenuEntry[] {
  const byCategory = new Map(menus.map((menu) => [menu.gameType, menu.vendors]));
  return NAV_ORDER.flatMap((gameType) => {
    const vendors = byCategory.get(gameType) ?? [];
    if (vendors.length === 0) return [];
    return [
      {
        gameType,
        route: `/${gameType.toLowerCase()}`,
        vendors,
        isLargeMenu: vendors.length > LARGE_MENU_ABOVE,
        launchesDirectly: vendors.length === 1 && !ALWAYS_NAVIGATE.includes(gameType),
      },
    ];
  });
}
