import { generateKeyPairSync } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import {
  aggregatorReconcileResponse,
  aggregatorResponse,
  aggregatorRoundsResponse,
  aggregatorStudiosResponse,
  aggregatorSyncResponse,
  aggregatorsResponse,
  OPERATOR_AGGREGATOR_PATHS,
} from '@kismat/contracts/aggregators';
import { LAUNCH_PATHS } from '@kismat/contracts/catalogue';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { games, vendors } from '../../db/schema/catalogue';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { createMerchant, TestClient } from '../../test/factories';
import { closeVerified } from '../../test/shop-fixture';
import { createFundedMember, defaultMerchant } from '../../test/vendor-test-kit';
import { getAccountBalance } from '../wallet/get-account-balance';
import type { Hub88ListedGame } from './hub88/client';
import { type FakeHub88, startFakeHub88 } from './hub88/fake/fake-hub88-server';
import { createAggregatorRegistry } from './registry';

/*
 * Aggregators end to end on the real app and PostgreSQL, against the FAKE Hub88 on a real port:
 * an operator configures a Hub88 contract, syncs (studios filtered, idempotent, removed games
 * disabled), a member launches a synced game (our client signs game/url; the fake verifies it
 * with our public key), the fake's game page plays a round through our Hub88 wallet (info, bet,
 * win signed with the fake's key), the operator sees the round and reconciles a report.
 */

const ROOT = 'operator-token-for-aggregator-tests';
const SECRET_ENV = 'AGGREGATOR_TEST_HUB88_KEY';

function pemPair() {
  const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return {
    publicKeyPem: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
    privateKeyPem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
  };
}

const GAMES: Hub88ListedGame[] = [
  {
    game_code: 'fk_dragon',
    name: 'Fake Dragon',
    product: 'Fake Studio',
    category: 'Video Slots',
    enabled: true,
    demo_game_support: true,
    url_thumb: 'https://cdn.example/fk_dragon.png',
    platforms: ['GPL_DESKTOP', 'GPL_MOBILE'],
  },
  { game_code: 'fk_roulette', name: 'Fake Live Roulette', product: 'Fake Studio', category: 'Live Casino', enabled: true },
  { game_code: 'ot_other', name: 'Other Slot', product: 'Other Studio', category: 'Video Slots', enabled: true },
];

describe('aggregators: Hub88 contract, sync, launch, play, rounds, reconciliation', () => {
  let t: TestApp;
  let client: TestClient;
  let merchantCode: string;
  let fake: FakeHub88;
  let integrationId: number;
  const ours = pemPair();
  const theirs = pemPair();
  const as = (method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown) =>
    client.call(method, url, { headers: { authorization: `Bearer ${ROOT}` }, ...(body !== undefined ? { body } : {}) });
  const path = (template: string, id?: number) => template.replace(':code', merchantCode).replace(':id', String(id ?? integrationId));

  beforeAll(async () => {
    process.env[SECRET_ENV] = ours.privateKeyPem;
    t = await buildTestApp({ config: { OPERATOR_TOKEN: ROOT } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (t.app.server.address() as AddressInfo).port;
    const { merchant, host } = await defaultMerchant(t.app);
    merchantCode = merchant.code;
    client = new TestClient(t.app, host);
    fake = await startFakeHub88({
      operatorId: 4242,
      operatorPublicKeyPem: ours.publicKeyPem,
      hub88PrivateKeyPem: theirs.privateKeyPem,
      walletUrl: `http://127.0.0.1:${port}/aggregators/hub88/${merchant.code}/HUB88`,
      games: GAMES,
    });
  });
  afterAll(async () => {
    delete process.env[SECRET_ENV];
    await fake?.close();
    if (t) await closeVerified(t);
  });

  const body = () => ({
    code: 'HUB88',
    protocol: 'hub88' as const,
    name: 'Hub88 (fake)',
    isEnabled: true,
    baseUrl: fake.url,
    operatorRef: '4242',
    inboundKey: theirs.publicKeyPem,
    secretEnv: SECRET_ENV,
    currencyMap: { BDT: 'BDT' },
    enabledStudios: ['FAKE_STUDIO'],
  });

  it('configures a contract: bad input refused with nothing stored; the secret is shown as set, never its value', async () => {
    const bad = await as('POST', path(OPERATOR_AGGREGATOR_PATHS.list), { ...body(), secretEnv: 'DATABASE_URL' });
    expect(bad.statusCode).toBe(422);
    expect(aggregatorsResponse.parse((await as('GET', path(OPERATOR_AGGREGATOR_PATHS.list))).json()).value.list).toEqual([]);

    const created = await as('POST', path(OPERATOR_AGGREGATOR_PATHS.list), body());
    expect(created.statusCode, created.body).toBe(200);
    const value = aggregatorResponse.parse(created.json()).value;
    integrationId = value.id;
    expect(value).toMatchObject({ code: 'HUB88', isSecretSet: true, secretEnv: SECRET_ENV, studios: [] });
    expect(created.body).not.toContain('PRIVATE KEY');
    expect((await as('POST', path(OPERATOR_AGGREGATOR_PATHS.list), body())).statusCode).toBe(409);
  });

  it('lists the studios the aggregator offers (signed game/list, verified by the fake)', async () => {
    const response = await as('GET', path(OPERATOR_AGGREGATOR_PATHS.studios));
    expect(response.statusCode, response.body).toBe(200);
    const list = aggregatorStudiosResponse.parse(response.json()).value.list;
    expect(list).toEqual([
      { studioCode: 'FAKE_STUDIO', studioName: 'Fake Studio', vendorCode: 'HUB88_FAKE_STUDIO', gameCount: 2, isEnabled: true },
      { studioCode: 'OTHER_STUDIO', studioName: 'Other Studio', vendorCode: null, gameCount: 1, isEnabled: false },
    ]);
    expect(fake.calls.at(-1)).toMatchObject({ path: '/operator/generic/v2/game/list', verified: true, body: { operator_id: 4242 } });
  });

  it('syncs: enabled studios become vendors, game types mapped; a second sync changes nothing; a removed game is disabled', async () => {
    const first = aggregatorSyncResponse.parse((await as('POST', path(OPERATOR_AGGREGATOR_PATHS.sync))).json()).value;
    expect(first).toMatchObject({ offered: 3, added: 2, updated: 0, disabled: 0, unchanged: 0 });
    expect(first.studios.map((studio) => studio.vendorCode)).toEqual(['HUB88_FAKE_STUDIO']);
    const rows = await t.app.db
      .select({ code: games.gameCode, category: games.category, status: games.status, iconUrl: games.iconUrl })
      .from(games)
      .innerJoin(vendors, eq(vendors.id, games.vendorId))
      .where(eq(vendors.code, 'HUB88_FAKE_STUDIO'));
    expect(rows.sort((a, b) => a.code.localeCompare(b.code))).toEqual([
      { code: 'fk_dragon', category: 'RNG', status: 'ACTIVE', iconUrl: 'https://cdn.example/fk_dragon.png' },
      { code: 'fk_roulette', category: 'LIVE', status: 'ACTIVE', iconUrl: '/lgw/images/games/HUB88_FAKE_STUDIO/fk_roulette.svg' },
    ]);
    expect((await t.app.db.select().from(vendors).where(eq(vendors.code, 'HUB88_OTHER_STUDIO'))).length).toBe(0);

    const again = aggregatorSyncResponse.parse((await as('POST', path(OPERATOR_AGGREGATOR_PATHS.sync))).json()).value;
    expect(again).toMatchObject({ added: 0, updated: 0, disabled: 0, unchanged: 2 });

    const removed = GAMES.splice(1, 1);
    try {
      const third = aggregatorSyncResponse.parse((await as('POST', path(OPERATOR_AGGREGATOR_PATHS.sync))).json()).value;
      expect(third).toMatchObject({ added: 0, disabled: 1, unchanged: 1 });
      const [roulette] = await t.app.db.select({ status: games.status }).from(games).where(eq(games.gameCode, 'fk_roulette'));
      expect(roulette?.status).toBe('DISABLED');
    } finally {
      GAMES.splice(1, 0, ...removed);
    }
    const back = aggregatorSyncResponse.parse((await as('POST', path(OPERATOR_AGGREGATOR_PATHS.sync))).json()).value;
    expect(back).toMatchObject({ updated: 1, unchanged: 1 });
  });

  it("another merchant's contract cannot take over this contract's studio vendors (its sync would switch our games)", async () => {
    const other = await createMerchant(t.app.db);
    const otherPath = (template: string, id?: number) => template.replace(':code', other.merchant.code).replace(':id', String(id ?? ''));
    const created = await as('POST', otherPath(OPERATOR_AGGREGATOR_PATHS.list), body());
    expect(created.statusCode, created.body).toBe(200);
    const refused = await as('POST', otherPath(OPERATOR_AGGREGATOR_PATHS.sync, aggregatorResponse.parse(created.json()).value.id));
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'CONFLICT', value: { vendorCode: 'HUB88_FAKE_STUDIO' } });
    const [dragon] = await t.app.db.select({ status: games.status }).from(games).where(eq(games.gameCode, 'fk_dragon'));
    expect(dragon?.status).toBe('ACTIVE');
  });

  it('a wrong key is refused by the aggregator: sync answers AGGREGATOR_UNAVAILABLE and changes nothing; an unset env var is NOT_CONFIGURED', async () => {
    process.env[SECRET_ENV] = pemPair().privateKeyPem;
    try {
      const refused = await as('POST', path(OPERATOR_AGGREGATOR_PATHS.sync));
      expect(refused.statusCode).toBe(502);
      expect(refused.json()).toMatchObject({ code: 'AGGREGATOR_UNAVAILABLE', value: { kind: 'REFUSED' } });
      expect(fake.calls.at(-1)?.verified).toBe(false);
    } finally {
      process.env[SECRET_ENV] = ours.privateKeyPem;
    }
    const registry = createAggregatorRegistry({ readSecret: () => undefined });
    await expect(
      registry.client('hub88').listGames({ ...body(), id: integrationId, merchantId: 1, lastSyncedAt: null }),
    ).rejects.toMatchObject({ kind: 'NOT_CONFIGURED', message: `environment variable ${SECRET_ENV} is not set` });
  });

  it('a member launches a synced game through the aggregator and the fake plays a round: balance moves by stake and win', async () => {
    const funded = await createFundedMember(t.app, 100_00n);
    const [game] = await t.app.db
      .select({ id: games.id })
      .from(games)
      .innerJoin(vendors, eq(vendors.id, games.vendorId))
      .where(and(eq(vendors.code, 'HUB88_FAKE_STUDIO'), eq(games.gameCode, 'fk_dragon')));
    const launched = await funded.client.call('GET', `${LAUNCH_PATHS.launchGame}?nodeId=${game?.id}`, { token: funded.token });
    expect(launched.statusCode, launched.body).toBe(200);
    const value = launched.json().value as { url: string; mode: string; vassalage: string };
    expect(value).toMatchObject({ mode: 'redirect', vassalage: 'HUB88_FAKE_STUDIO' });
    expect(value.url.startsWith(`${fake.url}/play/`)).toBe(true);
    const urlCall = fake.calls.at(-1);
    expect(urlCall).toMatchObject({
      path: '/operator/generic/v2/game/url',
      verified: true,
      body: { operator_id: 4242, user: String(funded.member.id), game_code: 'fk_dragon', currency: 'BDT', platform: 'GPL_DESKTOP' },
    });

    const page = await fetch(value.url);
    expect(await page.text()).toContain('FAKE HUB88');
    const played = await (await fetch(value.url, { method: 'POST' })).text();
    expect(played).toContain('RS_OK');
    expect(fake.walletAnswers.slice(-3).map((answer) => `${answer.call}:${answer.status}`)).toEqual([
      'info:RS_OK',
      'bet:RS_OK',
      'win:RS_OK',
    ]);
    // Stake 10.00, win 25.00 (the fake's first round).
    expect((await getAccountBalance(t.app.db, funded.cashAccountId)).balance).toBe(115_00n);
    const second = await (await fetch(value.url, { method: 'POST' })).text();
    expect(second).toContain('win 0.00');
    expect((await getAccountBalance(t.app.db, funded.cashAccountId)).balance).toBe(105_00n);

    const rounds = aggregatorRoundsResponse.parse(
      (await as('GET', `${path(OPERATOR_AGGREGATOR_PATHS.rounds)}?username=${funded.member.username}`)).json(),
    ).value;
    expect(rounds.total).toBe(2);
    expect(rounds.list.map((round) => [round.stake, round.payout, round.status])).toEqual([
      ['10.00', '0.00', 'CLOSED'],
      ['10.00', '25.00', 'CLOSED'],
    ]);

    // Reconciliation: the report as Hub88 would send it; one round matches, one differs, one is unknown here.
    const [won, lost] = [rounds.list[1]!, rounds.list[0]!];
    const csv = [
      'transaction_uuid,round,user,game_code,type,amount,currency,created_at',
      `${won.vendorRoundId}-bet,${won.vendorRoundId},${funded.member.id},fk_dragon,bet,1000000,BDT,${won.openedAt}`,
      `${won.vendorRoundId}-win,${won.vendorRoundId},${funded.member.id},fk_dragon,win,2500000,BDT,${won.openedAt}`,
      `${lost.vendorRoundId}-bet,${lost.vendorRoundId},${funded.member.id},fk_dragon,bet,1000000,BDT,${lost.openedAt}`,
      `${lost.vendorRoundId}-win,${lost.vendorRoundId},${funded.member.id},fk_dragon,win,500000,BDT,${lost.openedAt}`,
      `ghost-bet,ghost-round,${funded.member.id},fk_dragon,bet,100000,BDT,${lost.openedAt}`,
    ].join('\n');
    const reconciled = aggregatorReconcileResponse.parse(
      (await as('POST', path(OPERATOR_AGGREGATOR_PATHS.reconcile), { report: csv })).json(),
    ).value;
    expect(reconciled).toMatchObject({ transactions: 5, rounds: 3, matches: 1, mismatches: 2 });
    expect(Object.fromEntries(reconciled.lines.map((line) => [line.roundId, line.outcome]))).toEqual({
      [won.vendorRoundId]: 'MATCH',
      [lost.vendorRoundId]: 'AMOUNT_DIFFERS',
      'ghost-round': 'MISSING_HERE',
    });
    const broken = await as('POST', path(OPERATOR_AGGREGATOR_PATHS.reconcile), { report: 'round,amount\nx,1' });
    expect(broken.statusCode).toBe(422);
    expect(broken.json()).toMatchObject({ code: 'AGGREGATOR_REPORT_INVALID', value: { line: 1 } });
  });

  it('the free-trial button opens the aggregator demo: currency XXX, no user or token, no wallet call, no money moved', async () => {
    const funded = await createFundedMember(t.app, 10_00n);
    const [game] = await t.app.db.select({ id: games.id }).from(games).where(eq(games.gameCode, 'fk_dragon'));
    const launched = await funded.client.call('GET', `${LAUNCH_PATHS.launchGame}?nodeId=${game?.id}&mode=fun`, { token: funded.token });
    expect(launched.statusCode, launched.body).toBe(200);
    expect(launched.json().value).toMatchObject({ isFunMode: true, mode: 'redirect' });
    const body = fake.calls.at(-1)?.body as Record<string, unknown>;
    expect(body).toMatchObject({ currency: 'XXX', game_code: 'fk_dragon' });
    expect(body.user).toBeUndefined();
    expect(body.token).toBeUndefined();
    const answers = fake.walletAnswers.length;
    expect(await (await fetch(launched.json().value.url, { method: 'POST' })).text()).toContain('DEMO');
    expect(fake.walletAnswers.length).toBe(answers);
    expect((await getAccountBalance(t.app.db, funded.cashAccountId)).balance).toBe(10_00n);
    // A game without demo support has no free trial.
    const [live] = await t.app.db.select({ id: games.id }).from(games).where(eq(games.gameCode, 'fk_roulette'));
    const refused = await funded.client.call('GET', `${LAUNCH_PATHS.launchGame}?nodeId=${live?.id}&mode=fun`, { token: funded.token });
    expect(refused.json()).toMatchObject({ code: 'FREE_PLAY_UNSUPPORTED' });
  });

  it('a contract switched off launches nothing', async () => {
    const updated = await as('PUT', path(OPERATOR_AGGREGATOR_PATHS.one), { ...body(), isEnabled: false });
    expect(updated.statusCode, updated.body).toBe(200);
    const funded = await createFundedMember(t.app, 10_00n);
    const [game] = await t.app.db.select({ id: games.id }).from(games).where(eq(games.gameCode, 'fk_dragon'));
    const launched = await funded.client.call('GET', `${LAUNCH_PATHS.launchGame}?nodeId=${game?.id}`, { token: funded.token });
    expect(launched.statusCode).toBe(404);
    expect(launched.json()).toMatchObject({ code: 'GAME_UNAVAILABLE' });
  });
});
