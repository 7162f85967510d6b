import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { lookupCountry } from './lookup-country';
import { setMerchantFlag } from './set-merchant-flag';
import { setMerchantMaintenance } from './set-merchant-maintenance';
import { setMerchantRegionRules } from './set-merchant-region-rules';
import { isGatedPath } from './site-access-gate';

// Public addresses whose country the shipped GeoLite2 data knows (checked in the first test).
const BANGLADESH_IP = '103.4.145.1';
const KENYA_IP = '41.90.0.1';

describe('site status: maintenance and region restriction', () => {
  let t: TestApp;
  beforeAll(async () => {
    // Behind a proxy, as in production: the caller is the first x-forwarded-for address.
    t = await buildTestApp({ config: { TRUST_PROXY: true } });
  });
  afterAll(async () => t.close());
  afterEach(async () => {
    await setMerchantMaintenance(t.app.db, 'KISMAT', { on: false }, t.app.merchants);
    await setMerchantRegionRules(t.app.db, 'KISMAT', { blockedCountries: [], ipAllowList: [], ipBlockList: [] }, t.app.merchants);
    t.setNow(new Date());
  });

  const status = async (ip?: string) => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/wps/system/status',
      headers: ip ? { 'x-forwarded-for': ip, language: 'EN' } : { language: 'EN' },
    });
    expect(response.statusCode).toBe(200);
    return response.json().value as { status: number; maintenanceEnd: string | null; ip: string; country: string | null };
  };

  it('reads the country from the shipped IP database; loopback and private addresses have none', () => {
    expect(lookupCountry(BANGLADESH_IP)).toBe('BD');
    expect(lookupCountry(KENYA_IP)).toBe('KE');
    expect(lookupCountry(`::ffff:${KENYA_IP}`)).toBe('KE');
    expect(lookupCountry('127.0.0.1')).toBeNull();
    expect(lookupCountry('10.1.2.3')).toBeNull();
    expect(lookupCountry('192.168.1.10')).toBeNull();
    expect(lookupCountry('::1')).toBeNull();
    expect(lookupCountry('not-an-ip')).toBeNull();
  });

  it('is 0 with the caller IP and country', async () => {
    expect(await status(KENYA_IP)).toEqual({ status: 0, maintenanceEnd: null, ip: KENYA_IP, country: 'KE' });
    expect(await status()).toEqual({ status: 0, maintenanceEnd: null, ip: '127.0.0.1', country: null });
  });

  it('maintenance switches the status to 1 with its end time, and it ends by itself', async () => {
    const now = new Date('2026-03-01T10:00:00Z');
    t.setNow(now);
    const end = new Date('2026-03-01T12:00:00Z');
    await setMerchantMaintenance(t.app.db, 'KISMAT', { on: true, end }, t.app.merchants);
    expect(await status(KENYA_IP)).toMatchObject({ status: 1, maintenanceEnd: end.toISOString() });
    const permission = (await t.app.inject({ url: '/wps/system/permission', headers: { 'x-forwarded-for': KENYA_IP } })).json().value;
    expect(permission).toMatchObject({ maintenance: true, maintenanceEnd: end.toISOString(), regionRestriction: false });

    t.setNow(new Date('2026-03-01T12:00:01Z'));
    expect(await status(KENYA_IP)).toMatchObject({ status: 0, maintenanceEnd: null });
  });

  it('maintenance without an end lasts until switched off', async () => {
    await setMerchantMaintenance(t.app.db, 'KISMAT', { on: true }, t.app.merchants);
    expect(await status()).toMatchObject({ status: 1, maintenanceEnd: null });
    await setMerchantMaintenance(t.app.db, 'KISMAT', { on: false }, t.app.merchants);
    expect(await status()).toMatchObject({ status: 0 });
  });

  it("blocking the caller's country gives 2; other countries and private addresses pass", async () => {
    await setMerchantRegionRules(t.app.db, 'KISMAT', { blockedCountries: ['ke'] }, t.app.merchants);
    expect(await status(KENYA_IP)).toEqual({ status: 2, maintenanceEnd: null, ip: KENYA_IP, country: 'KE' });
    expect(await status(BANGLADESH_IP)).toMatchObject({ status: 0, country: 'BD' });
    expect(await status('10.0.0.7')).toMatchObject({ status: 0, country: null });
    const permission = (await t.app.inject({ url: '/wps/system/permission', headers: { 'x-forwarded-for': KENYA_IP } })).json().value;
    expect(permission).toMatchObject({ regionRestriction: true, location: { ip: KENYA_IP, country: 'KE' } });
  });

  it('region restriction wins over maintenance', async () => {
    await setMerchantRegionRules(t.app.db, 'KISMAT', { blockedCountries: ['KE'] }, t.app.merchants);
    await setMerchantMaintenance(t.app.db, 'KISMAT', { on: true }, t.app.merchants);
    expect((await status(KENYA_IP)).status).toBe(2);
    expect((await status(BANGLADESH_IP)).status).toBe(1);
  });

  it('the allow list overrides a blocked country and a blocked range', async () => {
    await setMerchantRegionRules(
      t.app.db,
      'KISMAT',
      { blockedCountries: ['KE'], ipBlockList: ['41.90.0.0/16'], ipAllowList: [KENYA_IP] },
      t.app.merchants,
    );
    expect((await status(KENYA_IP)).status).toBe(0);
    expect((await status('41.90.0.2')).status).toBe(2);
  });

  it('a blocked IP or CIDR gives 2, IPv4 and IPv6', async () => {
    await setMerchantRegionRules(t.app.db, 'KISMAT', { ipBlockList: [BANGLADESH_IP, '198.51.100.0/24', '2001:db8::/32'] }, t.app.merchants);
    expect(await status(BANGLADESH_IP)).toMatchObject({ status: 2, country: 'BD' });
    expect((await status('198.51.100.77')).status).toBe(2);
    expect((await status('2001:db8::1')).status).toBe(2);
    expect((await status('198.51.101.1')).status).toBe(0);
    expect((await status('103.4.145.2')).status).toBe(0);
  });

  it('reads the socket address when no proxy is trusted', async () => {
    const direct = await buildTestApp();
    try {
      await setMerchantRegionRules(direct.app.db, 'KISMAT', { blockedCountries: ['KE'] }, direct.app.merchants);
      const spoofed = await direct.app.inject({ url: '/wps/system/status', headers: { 'x-forwarded-for': KENYA_IP } });
      expect(spoofed.json().value).toMatchObject({ status: 0, ip: '127.0.0.1' });
      const fromKenya = await direct.app.inject({ url: '/wps/system/status', remoteAddress: KENYA_IP });
      expect(fromKenya.json().value).toMatchObject({ status: 2, ip: KENYA_IP, country: 'KE' });
    } finally {
      await direct.close();
    }
  });

  it('refuses member calls while in maintenance, keeping the status page calls open', async () => {
    await setMerchantMaintenance(t.app.db, 'KISMAT', { on: true }, t.app.merchants);
    const menus = await t.app.inject({ url: '/lgw/games/game_menus', headers: { language: 'EN' } });
    expect(menus.statusCode).toBe(503);
    expect(menus.json()).toEqual({ success: false, code: 'MAINTENANCE', message: 'System maintenance', value: { maintenanceEnd: null } });
    for (const url of [
      '/wps/system/status',
      '/wps/system/permission',
      '/wps/relay/MCSFE_getListAnnouncements?types=PL',
      '/lgw/images/vendors/AG.svg',
    ]) {
      expect((await t.app.inject({ url })).statusCode, url).toBe(200);
    }
    expect((await t.app.inject({ url: '/healthz' })).statusCode).toBe(200);
  });

  it('refuses member calls from a restricted region with the caller IP', async () => {
    await setMerchantRegionRules(t.app.db, 'KISMAT', { blockedCountries: ['KE'] }, t.app.merchants);
    const blocked = await t.app.inject({ url: '/lgw/games/game_menus', headers: { 'x-forwarded-for': KENYA_IP, language: 'EN' } });
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json()).toMatchObject({ code: 'REGION_RESTRICTED', value: { ip: KENYA_IP, country: 'KE' } });
    expect((await t.app.inject({ url: '/lgw/games/game_menus', headers: { 'x-forwarded-for': BANGLADESH_IP } })).statusCode).toBe(200);
  });

  it('gates the member API only', () => {
    expect(isGatedPath('/lgw/games/game_menus')).toBe(true);
    expect(isGatedPath('/wps/session/login')).toBe(true);
    expect(isGatedPath('/lotto/lgw/games/opened/numero')).toBe(true);
    expect(isGatedPath('/wps/relay/GCS_walletTransfer')).toBe(true);
    expect(isGatedPath('/wps/system/status')).toBe(false);
    expect(isGatedPath('/wps/relay/CBS_launchChat')).toBe(false);
    expect(isGatedPath('/vendor-api/wallet/bet')).toBe(false);
    expect(isGatedPath('/admin-api/merchants')).toBe(false);
  });

  it('operations refuse bad input and unknown merchants', async () => {
    await expect(setMerchantRegionRules(t.app.db, 'KISMAT', { blockedCountries: ['Kenya'] })).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
    });
    await expect(setMerchantRegionRules(t.app.db, 'KISMAT', { ipBlockList: ['300.1.1.1'] })).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
    });
    await expect(setMerchantRegionRules(t.app.db, 'KISMAT', { ipAllowList: ['10.0.0.0/40'] })).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
    });
    await expect(setMerchantMaintenance(t.app.db, 'NOPE', { on: true })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(setMerchantFlag(t.app.db, 'NOPE', 'PTSYS3', false)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(setMerchantFlag(t.app.db, 'KISMAT', 'bad flag', false)).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
  });

  it('setMerchantFlag switches a flag the whitelabel and permission calls report', async () => {
    const flags = async () => (await t.app.inject({ url: '/wps/system/whitelabel' })).json().value.flags;
    expect((await flags()).PTSYS3).toBe(true);
    await setMerchantFlag(t.app.db, 'KISMAT', 'PTSYS3', false, t.app.merchants);
    expect((await flags()).PTSYS3).toBe(false);
    expect((await t.app.inject({ url: '/wps/system/permission' })).json().value.flags.PTSYS3).toBe(false);
    await setMerchantFlag(t.app.db, 'KISMAT', 'MOBILENUMREG3', true, t.app.merchants);
    expect((await flags()).MOBILENUMREG3).toBe(true);
    await setMerchantFlag(t.app.db, 'KISMAT', 'PTSYS3', true, t.app.merchants);
    await setMerchantFlag(t.app.db, 'KISMAT', 'MOBILENUMREG3', false, t.app.merchants);
    expect(await flags()).toMatchObject({ PTSYS3: true, MOBILENUMREG3: false });
  });

  it('parallel flag switches on one merchant both take effect', async () => {
    await Promise.all([
      setMerchantFlag(t.app.db, 'KISMAT', 'FREEPLAY3', false, t.app.merchants),
      setMerchantFlag(t.app.db, 'KISMAT', 'MANPLAYREB3', false, t.app.merchants),
      setMerchantFlag(t.app.db, 'KISMAT', 'AGENTPOLICY3', false, t.app.merchants),
    ]);
    const flags = (await t.app.inject({ url: '/wps/system/whitelabel' })).json().value.flags;
    expect(flags).toMatchObject({ FREEPLAY3: false, MANPLAYREB3: false, AGENTPOLICY3: false });
    for (const flag of ['FREEPLAY3', 'MANPLAYREB3', 'AGENTPOLICY3']) await setMerchantFlag(t.app.db, 'KISMAT', flag, true, t.app.merchants);
  });
});
