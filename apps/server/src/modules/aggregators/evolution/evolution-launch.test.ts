import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aggregatorIntegrations } from '../../../db/schema/aggregators';
import { games, vendors } from '../../../db/schema/catalogue';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createMember, uniqueSuffix } from '../../../test/factories';
import { ensureMemberAccounts, getAccountBalance, openAccount, postTransfer } from '../../wallet/index';
import { launchAggregatorGame } from '../launch-aggregator-game';
import { createAggregatorRegistry } from '../registry';
import { syncAggregatorCatalogue } from '../sync-aggregator-catalogue';
import { EvolutionWalletDriver, FakeEvolution } from './fake-evolution';

/*
 * An Evolution contract from end to end on Postgres, against the FAKE Evolution server: the
 * catalogue syncs from its Lobby API (enabled studios become vendors), a member's launch asks its
 * User Authentication API for the entry URL with a fresh multi-use session, and the fake's game
 * server then plays a round on our One Wallet endpoints with the sid it was given.
 */

describe('Evolution contract: sync, launch, play (against the fake Evolution)', () => {
  let t: TestApp;
  const suffix = uniqueSuffix(6).toUpperCase();
  const secretEnv = `EVOLUTION_LAUNCH_TEST_${suffix}`;
  const casinoKey = `casino${suffix.toLowerCase()}`;
  const apiToken = `api-${randomUUID()}`;
  const fake = new FakeEvolution(casinoKey, apiToken);
  let contract = { id: 0, code: `EV${suffix}`, merchantId: 0 };

  beforeAll(async () => {
    await fake.start();
    process.env[secretEnv] = `auth-${randomUUID()}`;
    process.env[`${secretEnv}_API_TOKEN`] = apiToken;
    t = await buildTestApp();
    const merchant = await t.app.merchants.byCode('KISMAT');
    if (!merchant) throw new Error('seeded merchant missing');
    const [row] = await t.app.db
      .insert(aggregatorIntegrations)
      .values({
        merchantId: merchant.id,
        code: contract.code,
        protocol: 'evolution',
        name: 'Evolution (fake)',
        isEnabled: true,
        baseUrl: fake.url,
        operatorRef: casinoKey,
        inboundKey: 'kismat',
        secretEnv,
        currencyMap: { [merchant.currency]: merchant.currency },
        enabledStudios: ['EVOLUTION', 'NETENT'],
      })
      .returning();
    if (!row) throw new Error('contract insert failed');
    contract = { id: row.id, code: row.code, merchantId: row.merchantId };
  });
  afterAll(async () => {
    delete process.env[secretEnv];
    delete process.env[`${secretEnv}_API_TOKEN`];
    await t.close();
    await fake.stop();
  });

  it('syncs the enabled studios, launches a table through User Authentication and plays a round on the sid', async () => {
    const registry = createAggregatorRegistry();
    const synced = await syncAggregatorCatalogue(t.app.db, registry, {
      merchantId: contract.merchantId,
      integrationId: contract.id,
      now: new Date(),
    });
    expect(synced.studios.map((studio) => studio.vendorCode).sort()).toEqual([`${contract.code}_EVOLUTION`, `${contract.code}_NETENT`]);
    // Red Tiger is offered but not enabled: no vendor of ours.
    expect(synced.offered).toBe(5);

    const [roulette] = await t.app.db
      .select({ id: games.id, gameCode: games.gameCode, gameName: games.gameName, vendorId: vendors.id, vendorCode: vendors.code })
      .from(games)
      .innerJoin(vendors, eq(vendors.id, games.vendorId))
      .where(and(eq(vendors.code, `${contract.code}_EVOLUTION`), eq(games.gameCode, 'vctlz20yfnmp1ylr')));
    if (!roulette) throw new Error('roulette not synced');

    const merchant = await t.app.merchants.byCode('KISMAT');
    if (!merchant) throw new Error('merchant');
    const { member } = await createMember(t.app.db, merchant.id);
    const accounts = await ensureMemberAccounts(t.app.db, { merchantId: merchant.id, memberId: member.id, currency: merchant.currency });
    const source = await openAccount(t.app.db, { merchantId: merchant.id, code: 'ADJUSTMENT', currency: merchant.currency });
    await postTransfer(t.app.db, {
      merchantId: merchant.id,
      idempotencyKey: `test-fund:${member.id}`,
      type: 'adjustment',
      entries: [
        { accountId: source.id, amount: -50_00n },
        { accountId: accounts.cash.id, amount: 50_00n },
      ],
    });

    const launched = await launchAggregatorGame(t.app.db, registry, {
      merchantId: merchant.id,
      memberId: member.id,
      currency: merchant.currency,
      cashAccountId: async () => accounts.cash.id,
      game: roulette,
      language: 'EN',
      platform: 'H5',
      isFunMode: false,
      lobbyUrl: 'https://kismat.example/',
      now: new Date(),
    });
    expect(launched?.url.startsWith(`${fake.url}/entry?params=`)).toBe(true);
    const launch = fake.launches.at(-1);
    expect(launch).toMatchObject({ userId: String(member.id), tableId: 'vctlz20yfnmp1ylr', currency: merchant.currency, mobile: true });
    if (!launch) throw new Error('no launch');

    // Evolution's game server now calls our wallet with the sid it received at launch.
    const driver = new EvolutionWalletDriver(
      async (call, body, token) =>
        (
          await t.app.inject({
            method: 'POST',
            url: `/aggregators/evolution/${merchant.code}/${contract.code}/${call}?authToken=${encodeURIComponent(token)}`,
            payload: body,
          })
        ).json() as Record<string, unknown>,
      process.env[secretEnv] ?? '',
      launch.userId,
      launch.sid,
      launch.currency,
      launch.tableId,
    );
    expect(await driver.check()).toMatchObject({ status: 'OK', sid: launch.sid });
    const refId = randomUUID();
    expect(await driver.transaction('debit', { id: randomUUID(), refId, amount: 5 }, 'game-1')).toMatchObject({
      status: 'OK',
      balance: 45,
    });
    expect(await driver.transaction('credit', { id: randomUUID(), refId, amount: 12.5 }, 'game-1')).toMatchObject({
      status: 'OK',
      balance: 57.5,
    });
    expect((await getAccountBalance(t.app.db, accounts.cash.id)).balance).toBe(57_50n);
  });
});
