import type { BannerItem, ListAnnouncementsValue } from '@kismat/contracts/messages';
import { describe, expect, it } from 'vitest';
import { firstHomeBannerUrl } from './first-home-banner';

const banner = (id: number, groupName: string, linkageType: string, url: string) =>
  ({ id, groupName, linkageType, url }) as unknown as BannerItem;
const announcements = (banners: BannerItem[]) => ({ banners }) as unknown as ListAnnouncementsValue;

describe('firstHomeBannerUrl', () => {
  it('is the first home image banner, the one the carousel shows first (promotions and videos left out)', () => {
    const value = announcements([
      banner(1, 'w_promotion', 'NONE', '/p.svg'),
      banner(2, 'w_home', 'VIDEO', 'https://video.example/x'),
      banner(3, 'w_home', 'GAME', '/home-1.svg'),
      banner(4, 'w_home', 'NONE', '/home-2.svg'),
    ]);
    expect(firstHomeBannerUrl(value)).toBe('/home-1.svg');
  });

  it('is null without home banners or before the call answered', () => {
    expect(firstHomeBannerUrl(announcements([banner(1, 'w_promotion', 'NONE', '/p.svg')]))).toBeNull();
    expect(firstHomeBannerUrl(undefined)).toBeNull();
  });
});
