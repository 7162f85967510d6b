import type { GameMenu, MenuVendor } from '@kismat/contracts/catalogue';
import type { GameCategory } from '@kismat/contracts/constants';
import { CATEGORY_PATHS, getCategoryHref, paths } from '@/config/paths';

export type NavKey = 'HOME' | 'PROMO' | Exclude<GameCategory, 'BGS'>;

export interface NavItem {
  key: NavKey;
  category: GameCategory | null;
  path: string;
  vendors: MenuVendor[];
  /** Above 10 vendors the drop menu uses its large layout (spec section 2). */
  hasLargeMenu: boolean;
}

/** Spec's order of the top navigation; home is always first and promotions always last. */
export const NAV_CATEGORY_ORDER: readonly Exclude<GameCategory, 'BGS'>[] = [
  'ELOTT',
  'LOTT',
  'LIVE',
  'SPORTS',
  'FISH',
  'RNG',
  'PVP',
  'ESPORTS',
  'COCKFIGHT',
];

export const LARGE_MENU_VENDOR_COUNT = 10;

/** These entries always go to their page, even with a single vendor. */
const ALWAYS_NAVIGATE: ReadonlySet<NavKey> = new Set<NavKey>(['HOME', 'PROMO', 'PVP', 'FISH', 'RNG']);

export function sortVendors(vendors: readonly MenuVendor[]): MenuVendor[] {
  return [...vendors].sort((left, right) => left.sort - right.sort || left.displayName.localeCompare(right.displayName));
}

/** Top navigation: a category appears only when it has at least one vendor. */
export function buildNavItems(menus: readonly GameMenu[]): NavItem[] {
  const byCategory = new Map<GameCategory, MenuVendor[]>();
  for (const menu of menus) {
    const vendors = byCategory.get(menu.gameType) ?? [];
    vendors.push(...menu.vendors);
    byCategory.set(menu.gameType, vendors);
  }
  const categories: NavItem[] = [];
  for (const category of NAV_CATEGORY_ORDER) {
    const vendors = sortVendors(byCategory.get(category) ?? []);
    if (vendors.length === 0) continue;
    categories.push({
      key: category,
      category,
      path: CATEGORY_PATHS[category],
      vendors,
      hasLargeMenu: vendors.length > LARGE_MENU_VENDOR_COUNT,
    });
  }
  return [
    { key: 'HOME', category: null, path: paths.home.getHref(), vendors: [], hasLargeMenu: false },
    ...categories,
    { key: 'PROMO', category: null, path: paths.promotions.getHref(), vendors: [], hasLargeMenu: false },
  ];
}

/**
 * Where a click on a nav item goes: its page, or straight to its only vendor. Launching a
 * vendor is the game feature's job; until it exists the vendor opens preselected on its page.
 */
export function getNavItemHref(item: NavItem): string {
  const onlyVendor = item.vendors.length === 1 ? item.vendors[0] : undefined;
  if (ALWAYS_NAVIGATE.has(item.key) || !item.category || !onlyVendor) return item.path;
  return getCategoryHref(item.category, onlyVendor.vassalage);
}

/** Side menu entries: the nav's game types plus the in-house games when they have vendors. */
export function buildSideMenuCategories(menus: readonly GameMenu[]): { category: GameCategory; count: number }[] {
  const order: readonly GameCategory[] = [...NAV_CATEGORY_ORDER, 'BGS'];
  const counts = new Map<GameCategory, number>();
  for (const menu of menus) counts.set(menu.gameType, (counts.get(menu.gameType) ?? 0) + menu.vendors.length);
  return order.filter((category) => (counts.get(category) ?? 0) > 0).map((category) => ({ category, count: counts.get(category) ?? 0 }));
}

export type NavItemAction = { kind: 'navigate'; href: string } | { kind: 'launch'; vendor: MenuVendor };

/**
 * What a click on a nav item does (spec section 2): with at most one vendor the vendor launches
 * at once, except HOME, PROMO, PVP, FISH and RNG, which always go to their page.
 */
export function getNavItemAction(item: NavItem): NavItemAction {
  const onlyVendor = item.vendors.length === 1 ? item.vendors[0] : undefined;
  if (ALWAYS_NAVIGATE.has(item.key) || !item.category || !onlyVendor) return { kind: 'navigate', href: item.path };
  return { kind: 'launch', vendor: onlyVendor };
}
