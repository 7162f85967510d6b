import { randomUUID } from 'node:crypto';
import {
  CATALOGUE_PATHS,
  gameListResponse,
  gameMenuResponse,
  gameMenusResponse,
  hotGamesResponse,
  LAUNCH_PATHS,
  newGameVendorResponse,
} from '@kismat/contracts/catalogue';
import {
  OPERATOR_CATALOGUE_PATHS,
  operatorGameResponse,
  operatorGamesResponse,
  operatorVendorResponse,
  operatorVendorSecretResponse,
  operatorVendorsResponse,
} from '@kismat/contracts/operator-catalogue';
import { VENDOR_API_PATHS } from '@kismat/contracts/vendor-wallet';
import { and, asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { games, vendors } from '../../db/schema/catalogue';
import { operatorAuditLog } from '../../db/schema/operators';
import type { TestApp } from '../../test/build-test-app';
import { createMerchant, TestClient } from '../../test/factories';
import { fillPath, operatorToken } from '../../test/operator-login';
import { useTestApp } from '../../test/shop-fixture';
import { createFundedMember, defaultMerchant, vendorCall } from '../../test/vendor-test-kit';

const ROOT_TOKEN = 'operator-token-for-catalogue-tests';

let t: TestApp;
let client: TestClient;
let merchantCode: string;

const as = (token: string, method: 'GET' | 'PUT' | 'POST', url: string, body?: unknown) =>
  client.call(method, url, { headers: { authorization: `Bearer ${token}` }, ...(body !== undefined ? { body } : {}) });

async function gamesOf(vendorCode: string, category: string) {
  return t.app.db
    .select({ id: games.id, gameCode: games.gameCode, isHot: games.isHot })
    .from(games)
    .innerJoin(vendors, eq(vendors.id, games.vendorId))
    .where(and(eq(vendors.code, vendorCode), eq(games.category, category), eq(games.status, 'ACTIVE')))
    .orderBy(asc(games.sort), asc(games.id));
}

async function publicList(query: string) {
  const response = await client.call('GET', `${CATALOGUE_PATHS.gameListPublic}?${query}`);
  return gameListResponse.parse(response.json()).value;
}

useTestApp(
  async (built) => {
    t = built;
    const { merchant, host } = await defaultMerchant(t.app);
    merchantCode = merchant.code;
    client = new TestClient(t.app, host);
  },
  { config: { OPERATOR_TOKEN: ROOT_TOKEN } },
);

describe('operator catalogue API: who may call it', () => {
  it('needs an operator; support reads but cannot change; a merchant operator sees only its merchant', async () => {
    const vendorsUrl = fillPath(OPERATOR_CATALOGUE_PATHS.vendors, { code: merchantCode });
    expect((await client.call('GET', vendorsUrl)).statusCode).toBe(401);
    const member = await createFundedMember(t.app, 0n);
    expect((await as(member.token, 'GET', vendorsUrl)).statusCode).toBe(403);

    const support = await operatorToken(t, client, 'support');
    const listed = await as(support, 'GET', vendorsUrl);
    expect(listed.statusCode, listed.body).toBe(200);
    const list = operatorVendorsResponse.parse(listed.json()).value.list;
    expect(list.find((vendor) => vendor.vassalage === 'CQ9')?.lanes.map((lane) => lane.gameType)).toEqual(
      expect.arrayContaining(['RNG', 'FISH']),
    );
    const refused = await as(support, 'PUT', fillPath(OPERATOR_CATALOGUE_PATHS.vendor, { code: merchantCode, vendor: 'CQ9' }), {
      isEnabled: false,
    });
    expect(refused.statusCode).toBe(403);

    const other = await createMerchant(t.app.db);
    const scoped = await operatorToken(t, client, 'admin', other.merchant.id);
    expect((await as(scoped, 'GET', vendorsUrl)).statusCode).toBe(404);
    const secret = await as(scoped, 'POST', fillPath(OPERATOR_CATALOGUE_PATHS.vendorSecret, { vendor: 'CQ9' }));
    expect(secret.statusCode).toBe(403);

    const empty = await as(ROOT_TOKEN, 'PUT', fillPath(OPERATOR_CATALOGUE_PATHS.vendor, { code: merchantCode, vendor: 'CQ9' }), {});
    expect(empty.statusCode).toBe(422);
    const unknown = await as(ROOT_TOKEN, 'PUT', fillPath(OPERATOR_CATALOGUE_PATHS.vendor, { code: merchantCode, vendor: 'NOPE' }), {
      isEnabled: false,
    });
    expect(unknown.statusCode).toBe(404);
  });
});

describe('operator catalogue API: effects members see at once', () => {
  it('a game in maintenance refuses launch with GAME_MAINTENANCE and shows so on its tile; off again, it launches', async () => {
    const [game] = await gamesOf('PT', 'RNG');
    if (!game) throw new Error('no PT game');
    const { client: memberClient, token } = await createFundedMember(t.app, 10_00n);
    // Warm the list cache first: the change must not wait for it to expire.
    await publicList('gameType=RNG&vassalage=PT&pageSize=100');

    const end = new Date(Date.now() + 3_600_000).toISOString();
    const changed = await as(ROOT_TOKEN, 'PUT', fillPath(OPERATOR_CATALOGUE_PATHS.game, { code: merchantCode, nodeId: game.id }), {
      isMaintenance: true,
      maintenanceEnd: end,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(operatorGameResponse.parse(changed.json()).value).toMatchObject({ nodeId: game.id, isMaintenance: true, isEnabled: true });

    const refused = await memberClient.call('GET', `${LAUNCH_PATHS.launchGame}?nodeId=${game.id}`, { token });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'GAME_MAINTENANCE', message: 'This game is under maintenance, please try another game' });
    expect(refused.json().value.maintenanceEnd).toBe(end);
    expect(refused.json().value.suggestions.every((other: { nodeId: number }) => other.nodeId !== game.id)).toBe(true);
    const tile = (await publicList('gameType=RNG&vassalage=PT&pageSize=100')).list.find((entry) => entry.nodeId === game.id);
    expect(tile?.isMaintenance).toBe(true);

    await as(ROOT_TOKEN, 'PUT', fillPath(OPERATOR_CATALOGUE_PATHS.game, { code: merchantCode, nodeId: game.id }), { isMaintenance: false });
    const launched = await memberClient.call('GET', `${LAUNCH_PATHS.launchGame}?nodeId=${game.id}`, { token });
    expect(launched.statusCode, launched.body).toBe(200);

    const audit = await t.app.db.select().from(operatorAuditLog).where(eq(operatorAuditLog.action, 'catalogue.game_changed'));
    expect(audit.some((row) => row.targetId === String(game.id) && row.operatorName === 'root')).toBe(true);
  });

  it('a game switched off disappears from lists and cannot launch; hot, new and order overrides show in lists', async () => {
    const ptGames = await gamesOf('PT', 'RNG');
    const [first, second] = ptGames;
    const plain = ptGames.find((game) => !game.isHot);
    if (!first || !second || !plain) throw new Error('not enough PT games');
    const gameUrl = (nodeId: number) => fillPath(OPERATOR_CATALOGUE_PATHS.game, { code: merchantCode, nodeId });

    await as(ROOT_TOKEN, 'PUT', gameUrl(first.id), { isEnabled: false });
    const listed = await publicList('gameType=RNG&vassalage=PT&pageSize=100');
    expect(listed.list.map((game) => game.nodeId)).not.toContain(first.id);
    const { client: memberClient, token } = await createFundedMember(t.app, 0n);
    const off = await memberClient.call('GET', `${LAUNCH_PATHS.launchGame}?nodeId=${first.id}`, { token });
    expect(off.json().code).toBe('GAME_UNAVAILABLE');
    await as(ROOT_TOKEN, 'PUT', gameUrl(first.id), { isEnabled: true });

    await as(ROOT_TOKEN, 'PUT', gameUrl(plain.id), { isHot: true, isNew: true, sort: -1000 });
    const hot = hotGamesResponse.parse((await client.call('GET', `${CATALOGUE_PATHS.hotGames}?vassalage=PT`)).json()).value.list;
    expect(hot.map((game) => game.nodeId)).toContain(plain.id);
    const newest = await publicList('gameType=RNG&vassalage=PT&gameClassify=NEW&pageSize=100');
    expect(newest.list.map((game) => game.nodeId)).toContain(plain.id);
    const ordered = await publicList('gameType=RNG&vassalage=PT&pageSize=100');
    expect(ordered.list[0]).toMatchObject({ nodeId: plain.id, isHot: 1, isNew: 1 });

    // null goes back to the catalogue's values.
    const reset = await as(ROOT_TOKEN, 'PUT', gameUrl(plain.id), { isHot: null, isNew: null, sort: null });
    expect(operatorGameResponse.parse(reset.json()).value.overrides).toEqual({ isHot: null, isNew: null, sort: null });
    const hotAgain = hotGamesResponse.parse((await client.call('GET', `${CATALOGUE_PATHS.hotGames}?vassalage=PT`)).json()).value.list;
    expect(hotAgain.map((game) => game.nodeId)).not.toContain(plain.id);

    const page = operatorGamesResponse.parse(
      (await as(ROOT_TOKEN, 'GET', `${fillPath(OPERATOR_CATALOGUE_PATHS.games, { code: merchantCode })}?vassalage=PT&gameType=RNG`)).json(),
    ).value;
    expect(page.total).toBe(ptGames.length);
  });

  it('a vendor switched off leaves menus, nav, lanes, hot games and lists; a lane in maintenance is greyed and refuses launch', async () => {
    const vendorUrl = fillPath(OPERATOR_CATALOGUE_PATHS.vendor, { code: merchantCode, vendor: 'CQ9' });
    const menusHave = async () => {
      const menus = gameMenusResponse.parse((await client.call('GET', CATALOGUE_PATHS.gameMenus)).json()).value.menus;
      return menus.flatMap((menu) => menu.vendors.filter((vendor) => vendor.vassalage === 'CQ9').map((vendor) => vendor.gameType));
    };
    const navHas = async () => {
      const nav = gameMenuResponse.parse((await client.call('GET', CATALOGUE_PATHS.gameMenu)).json()).value.menus;
      return nav.some((entry) => entry.vendors.some((vendor) => vendor.vassalage === 'CQ9'));
    };
    const lanesHave = async () => {
      const lanes = newGameVendorResponse.parse((await client.call('GET', CATALOGUE_PATHS.newGameVendor)).json()).value.data.lanes;
      return lanes.some((lane) => lane.cards.some((card) => card.vassalage === 'CQ9'));
    };
    const hotHas = async () =>
      hotGamesResponse
        .parse((await client.call('GET', CATALOGUE_PATHS.hotGames)).json())
        .value.list.some((game) => game.vassalage === 'CQ9');
    // Warm every cache.
    expect(await menusHave()).toEqual(expect.arrayContaining(['RNG', 'FISH']));
    expect(await navHas()).toBe(true);
    expect(await lanesHave()).toBe(true);
    expect(await hotHas()).toBe(true);
    expect((await publicList('vassalage=CQ9')).total).toBeGreaterThan(0);

    const off = await as(ROOT_TOKEN, 'PUT', vendorUrl, { isEnabled: false });
    expect(off.statusCode, off.body).toBe(200);
    expect(operatorVendorResponse.parse(off.json()).value.lanes.every((lane) => !lane.isEnabled)).toBe(true);
    expect(await menusHave()).toEqual([]);
    expect(await navHas()).toBe(false);
    expect(await lanesHave()).toBe(false);
    expect(await hotHas()).toBe(false);
    expect((await publicList('vassalage=CQ9')).total).toBe(0);
    const [fishGame] = await gamesOf('CQ9', 'FISH');
    if (!fishGame) throw new Error('no CQ9 fish game');
    const { client: memberClient, token } = await createFundedMember(t.app, 0n);
    expect((await memberClient.call('GET', `${LAUNCH_PATHS.launchGame}?nodeId=${fishGame.id}`, { token })).json().code).toBe(
      'GAME_UNAVAILABLE',
    );

    // Back on; then only its FISH lane into maintenance.
    await as(ROOT_TOKEN, 'PUT', vendorUrl, { isEnabled: true });
    expect(await menusHave()).toEqual(expect.arrayContaining(['RNG', 'FISH']));
    const maintenance = await as(ROOT_TOKEN, 'PUT', vendorUrl, { gameType: 'FISH', isMaintenance: true });
    const lanes = operatorVendorResponse.parse(maintenance.json()).value.lanes;
    expect(lanes.find((lane) => lane.gameType === 'FISH')?.isMaintenance).toBe(true);
    expect(lanes.find((lane) => lane.gameType === 'RNG')?.isMaintenance).toBe(false);
    const menus = gameMenusResponse.parse((await client.call('GET', CATALOGUE_PATHS.gameMenus)).json()).value.menus;
    const fishLane = menus.find((menu) => menu.gameType === 'FISH')?.vendors.find((vendor) => vendor.vassalage === 'CQ9');
    expect(fishLane?.isMaintenance).toBe(true);
    const refused = await memberClient.call('GET', `${LAUNCH_PATHS.launchGame}?nodeId=${fishGame.id}`, { token });
    expect(refused.json().code).toBe('GAME_MAINTENANCE');
    await as(ROOT_TOKEN, 'PUT', vendorUrl, { gameType: 'FISH', isMaintenance: false });
    expect((await memberClient.call('GET', `${LAUNCH_PATHS.launchGame}?nodeId=${fishGame.id}`, { token })).statusCode).toBe(200);
  });

  it('rotating a vendor secret: the old secret is refused at once, the new one works, the audit row keeps no secret', async () => {
    const before = await t.app.vendorDirectory.find('PT');
    if (!before) throw new Error('no PT integration');
    const rotated = await as(ROOT_TOKEN, 'POST', fillPath(OPERATOR_CATALOGUE_PATHS.vendorSecret, { vendor: 'pt' }));
    expect(rotated.statusCode, rotated.body).toBe(200);
    const value = operatorVendorSecretResponse.parse(rotated.json()).value;
    expect(value.vassalage).toBe('PT');
    expect(value.secret).toMatch(/^[0-9a-f]{64}$/);
    expect(value.secret).not.toBe(before.apiSecret);

    const body = { sessionId: randomUUID(), user: '1' };
    const old = await vendorCall(t.app, 'PT', VENDOR_API_PATHS.balance, body, { secret: before.apiSecret });
    expect(old.status).toBe('RS_ERROR_INVALID_SIGNATURE');
    const fresh = await vendorCall(t.app, 'PT', VENDOR_API_PATHS.balance, body, { secret: value.secret });
    expect(fresh.status).toBe('RS_ERROR_INVALID_TOKEN');

    const audit = await t.app.db.select().from(operatorAuditLog).where(eq(operatorAuditLog.action, 'catalogue.vendor_secret_rotated'));
    expect(audit).toHaveLength(1);
    expect(JSON.stringify(audit[0])).not.toContain(value.secret);
    const house = await as(ROOT_TOKEN, 'POST', fillPath(OPERATOR_CATALOGUE_PATHS.vendorSecret, { vendor: 'KISMAT' }));
    expect(house.statusCode).toBe(404);
  });

  it('finds games by part of the name or code, any case, paged; a wildcard in the text matches only itself', async () => {
    const [game] = await gamesOf('PT', 'RNG');
    if (!game) throw new Error('no PT game');
    const gamesUrl = fillPath(OPERATOR_CATALOGUE_PATHS.games, { code: merchantCode });
    const byCode = operatorGamesResponse.parse(
      (await as(ROOT_TOKEN, 'GET', `${gamesUrl}?vassalage=PT&search=${encodeURIComponent(game.gameCode.toLowerCase())}`)).json(),
    ).value;
    expect(byCode.list.map((row) => row.nodeId)).toContain(game.id);
    expect(byCode.list.every((row) => row.vassalage === 'PT')).toBe(true);
    const wildcard = operatorGamesResponse.parse(
      (await as(ROOT_TOKEN, 'GET', `${gamesUrl}?search=${encodeURIComponent('%')}`)).json(),
    ).value;
    expect(wildcard.total).toBe(0);
  });
});
