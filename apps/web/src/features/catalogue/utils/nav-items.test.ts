import type { GameMenu, MenuVendor } from '@kismat/contracts/catalogue';
import type { GameCategory } from '@kismat/contracts/constants';
import { describe, expect, it } from 'vitest';
import { buildNavItems, buildSideMenuCategories, getNavItemAction, getNavItemHref, LARGE_MENU_VENDOR_COUNT } from './nav-items';

let vendorSequence = 0;
function vendor(gameType: GameCategory, overrides: Partial<MenuVendor> = {}): MenuVendor {
  vendorSequence += 1;
  return {
    vassalage: `V${vendorSequence}`,
    displayName: `Vendor ${vendorSequence}`,
    gameType,
    vendorType: gameType,
    logoUrl: `/logo/${vendorSequence}.svg`,
    isMaintenance: false,
    isGame: 'VASSALAGE',
    sort: vendorSequence,
    ...overrides,
  };
}

function menu(gameType: GameCategory, count: number): GameMenu {
  return { gameType, vendors: Array.from({ length: count }, () => vendor(gameType)) };
}

describe('buildNavItems', () => {
  it('puts home first and promotions last even with no menus', () => {
    expect(buildNavItems([]).map((item) => item.key)).toEqual(['HOME', 'PROMO']);
  });

  it('orders categories as the spec lists them, whatever order the server sends', () => {
    const menus = (['COCKFIGHT', 'RNG', 'LIVE', 'ESPORTS', 'PVP', 'FISH', 'SPORTS', 'LOTT', 'ELOTT'] as const).map((category) =>
      menu(category, 2),
    );
    expect(buildNavItems(menus).map((item) => item.key)).toEqual([
      'HOME',
      'ELOTT',
      'LOTT',
      'LIVE',
      'SPORTS',
      'FISH',
      'RNG',
      'PVP',
      'ESPORTS',
      'COCKFIGHT',
      'PROMO',
    ]);
  });

  it('leaves out a category without vendors, and the in-house category altogether', () => {
    const keys = buildNavItems([menu('LIVE', 0), menu('SPORTS', 1), menu('BGS', 3)]).map((item) => item.key);
    expect(keys).toEqual(['HOME', 'SPORTS', 'PROMO']);
  });

  it('uses the large drop menu only above 10 vendors', () => {
    const [, exactly] = buildNavItems([menu('RNG', LARGE_MENU_VENDOR_COUNT)]);
    const [, above] = buildNavItems([menu('RNG', LARGE_MENU_VENDOR_COUNT + 1)]);
    expect(exactly?.hasLargeMenu).toBe(false);
    expect(above?.hasLargeMenu).toBe(true);
  });

  it('sorts vendors by their sort value', () => {
    const vendors = [vendor('LIVE', { sort: 30 }), vendor('LIVE', { sort: 10 }), vendor('LIVE', { sort: 20 })];
    const [, live] = buildNavItems([{ gameType: 'LIVE', vendors }]);
    expect(live?.vendors.map((item) => item.sort)).toEqual([10, 20, 30]);
  });
});

describe('getNavItemHref', () => {
  it('goes straight to the only vendor of a category', () => {
    const [, sports] = buildNavItems([menu('SPORTS', 1)]);
    expect(sports && getNavItemHref(sports)).toBe(`/sports?vassalage=${sports?.vendors[0]?.vassalage}`);
  });

  it('goes to the category page when there are several vendors', () => {
    const [, live] = buildNavItems([menu('LIVE', 3)]);
    expect(live && getNavItemHref(live)).toBe('/live');
  });

  it('always navigates for home, promotions, PVP, fish and RNG', () => {
    const items = buildNavItems([menu('PVP', 1), menu('FISH', 1), menu('RNG', 1)]);
    expect(items.map(getNavItemHref)).toEqual(['/', '/fish', '/rng', '/pvp', '/promotions']);
  });
});

describe('buildSideMenuCategories', () => {
  it('lists game types with vendors, the in-house games last, with their counts', () => {
    expect(buildSideMenuCategories([menu('BGS', 2), menu('LIVE', 3), menu('FISH', 0)])).toEqual([
      { category: 'LIVE', count: 3 },
      { category: 'BGS', count: 2 },
    ]);
  });
});

describe('getNavItemAction', () => {
  it('launches the only vendor of a game-centre category', () => {
    const [, sports] = buildNavItems([menu('SPORTS', 1)]);
    const action = sports && getNavItemAction(sports);
    expect(action?.kind).toBe('launch');
    expect(action?.kind === 'launch' && action.vendor.vassalage).toBe(sports?.vendors[0]?.vassalage);
  });

  it('navigates with several vendors', () => {
    const [, live] = buildNavItems([menu('LIVE', 2)]);
    expect(live && getNavItemAction(live)).toEqual({ kind: 'navigate', href: '/live' });
  });

  it('always navigates for home, promotions, PVP, fish and RNG, even with one vendor', () => {
    const items = buildNavItems([menu('PVP', 1), menu('FISH', 1), menu('RNG', 1)]);
    expect(items.map((item) => getNavItemAction(item).kind)).toEqual(['navigate', 'navigate', 'navigate', 'navigate', 'navigate']);
  });
});
