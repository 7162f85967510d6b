import { listAnnouncementsValue } from '@kismat/contracts/messages';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { announcements, banners } from '../../db/schema/system';
import type { TestApp } from '../../test/build-test-app';
import { useTestApp } from '../../test/shop-fixture';

describe('announcements relay MCSFE_getListAnnouncements', () => {
  let t: TestApp;
  useTestApp((built) => {
    t = built;
  });

  const list = async (query: string, headers: Record<string, string> = {}) => {
    const response = await t.app.inject({ method: 'GET', url: `/wps/relay/MCSFE_getListAnnouncements${query}`, headers });
    expect(response.statusCode).toBe(200);
    return listAnnouncementsValue.parse(response.json().value);
  };

  it('answers every type when none is named, in the default language (BN)', async () => {
    const value = await list('');
    expect(value.banners.length).toBeGreaterThan(0);
    expect(value.playerNotices.map((item) => item.title)).toEqual(['কিসমতে স্বাগতম', 'নতুন ডিপোজিট চ্যানেল', 'দায়িত্বের সঙ্গে খেলুন']);
    expect(value.popups).toHaveLength(3);
    expect(value.promotions).toHaveLength(3);
    expect(value.headlines).toHaveLength(1);
  });

  it('answers only the types asked for, in the language of the query or header', async () => {
    const value = await list('?types=PL,PU&platform=W&language=EN');
    expect(value.banners).toEqual([]);
    expect(value.promotions).toEqual([]);
    expect(value.headlines).toEqual([]);
    expect(value.playerNotices[0]).toMatchObject({ type: 'PL', title: 'Welcome to Kismat', execution: null, announcementImages: [] });
    expect(value.playerNotices[0]?.content).toContain('<p>');
    const swahili = await list('?types=PL', { language: 'SW' });
    expect(swahili.playerNotices[0]?.title).toBe('Karibu Kismat');
  });

  it('popups carry their audience: B visitors, A logged in, F first login', async () => {
    const value = await list('?types=PU', { language: 'EN' });
    expect(value.popups.map((item) => item.execution).sort()).toEqual(['A', 'B', 'F']);
    expect(value.popups.find((item) => item.execution === 'B')?.title).toBe('New here? Get a 70% bonus');
  });

  it('promotions carry images by sequence, drawn in the request language', async () => {
    const value = await list('?types=PR', { language: 'EN' });
    const firstDeposit = value.promotions.find((item) => item.title === '70% first deposit bonus');
    expect(firstDeposit?.announcementImages).toEqual([
      { sequence: 1, url: '/lgw/images/announcements/promo-first-deposit/1.svg?lang=EN' },
      { sequence: 2, url: '/lgw/images/announcements/promo-first-deposit/2.svg?lang=EN' },
    ]);
    const image = await t.app.inject({ url: firstDeposit?.announcementImages[0]?.url ?? '' });
    expect(image.statusCode).toBe(200);
    expect(image.body).toContain('70% first deposit bonus');
  });

  it('banners: every group in the request language, login and register groups named by language', async () => {
    const value = await list('?types=B', { language: 'EN' });
    const groups = new Set(value.banners.map((item) => item.groupName));
    for (const group of ['w_login_EN', 'w_reg_EN', 'w_forget', 'w_home', 'w_promotion', 'w_register', 'w_leftmenu'])
      expect(groups.has(group), group).toBe(true);
    expect(groups.has('w_login_BN')).toBe(false);
    const home = value.banners.filter((item) => item.groupName === 'w_home');
    expect(home).toHaveLength(3);
    expect(home[0]).toMatchObject({ title: '70% first deposit bonus', linkageType: 'INTERNAL', linkage: '/promotions' });
    const bengali = await list('?types=B');
    expect(bengali.banners.some((item) => item.groupName === 'w_login_BN')).toBe(true);
    const art = await t.app.inject({ url: home[0]?.url ?? '' });
    expect(art.headers['content-type']).toContain('image/svg+xml');
  });

  it('shows only what is active now (switch and time window)', async () => {
    await t.database.db.update(announcements).set({ isActive: false }).where(eq(announcements.code, 'notice-welcome'));
    await t.database.db
      .update(banners)
      .set({ endsAt: new Date('2025-06-01T00:00:00Z') })
      .where(eq(banners.code, 'w_home-EN-2'));
    const now = await list('?types=PL,B', { language: 'EN' });
    expect(now.playerNotices.map((item) => item.title)).not.toContain('Welcome to Kismat');
    expect(now.banners.filter((item) => item.groupName === 'w_home')).toHaveLength(2);
    t.setNow(new Date('2025-03-01T00:00:00Z'));
    const earlier = await list('?types=B', { language: 'EN' });
    expect(earlier.banners.filter((item) => item.groupName === 'w_home')).toHaveLength(3);
    t.setNow(new Date('2024-12-31T00:00:00Z'));
    expect((await list('?types=B,PL', { language: 'EN' })).banners).toEqual([]);
    t.setNow(new Date());
  });

  it('filters by platform', async () => {
    await t.database.db
      .update(announcements)
      .set({ platforms: ['APP'] })
      .where(eq(announcements.code, 'headline-security'));
    expect((await list('?types=H&platform=W')).headlines).toEqual([]);
    expect((await list('?types=H&platform=APP')).headlines).toHaveLength(1);
  });

  it('refuses an unknown type with a 422 envelope', async () => {
    const response = await t.app.inject({ url: '/wps/relay/MCSFE_getListAnnouncements?types=PL,XX' });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });
  });
});
