import { describe, expect, it } from 'vitest';
import { getCategoryHref, isSideMenuHidden, paths } from './paths';

describe('paths', () => {
  it('hides the side menu on game pages, whatever the case', () => {
    for (const path of ['/seamless', '/lottert', '/vnlottery', '/sealottery', '/vnLottery', '/seaLottery', '/SEAMLESS/']) {
      expect(isSideMenuHidden(path)).toBe(true);
    }
    for (const path of ['/', '/rng', '/member', '/seamless-extra']) expect(isSideMenuHidden(path)).toBe(false);
  });

  it('builds typed hrefs', () => {
    expect(paths.member.getHref('rewardCenter')).toBe('/member?page=rewardCenter');
    expect(paths.help.getHref('term')).toBe('/help#term');
    expect(paths.lottery.getHref('VN5')).toBe('/lottery?gameCode=VN5');
    expect(getCategoryHref('RNG', 'PG')).toBe('/rng?vassalage=PG');
    expect(getCategoryHref('LIVE')).toBe('/live');
  });
});
