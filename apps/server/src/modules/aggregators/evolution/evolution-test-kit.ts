import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { aggregatorIntegrations } from '../../../db/schema/aggregators';
import { games } from '../../../db/schema/catalogue';
import { createMember, uniqueSuffix } from '../../../test/factories';
import { upsertStudioGames } from '../../catalogue/index';
import { type AggregatorContract, openAggregatorSession } from '../../vendor-wallet/index';
import { ensureMemberAccounts, openAccount, postTransfer } from '../../wallet/index';
import { type EvolutionSend, EvolutionWalletDriver } from './fake-evolution';

/*
 * Test kit of the Evolution adapter (conformance suite and bench): one Evolution contract of the
 * seeded merchant with a studio of two tables, funded players with an open game session, and the
 * FAKE Evolution game server's wallet driver (fake-evolution.ts) sending the protocol's calls to
 * our routes.
 */

export interface EvolutionFixture {
  merchantCode: string;
  merchantId: number;
  currency: string;
  contract: AggregatorContract;
  /** The env var that holds the contract's authToken (set by the fixture). */
  secretEnv: string;
  authToken: string;
  tables: [string, string];
  gameIds: Map<string, number>;
  send: EvolutionSend;
}

/** Inserts an Evolution contract (enabled, identity currency map) and a studio with two tables. */
export async function createEvolutionFixture(app: FastifyInstance): Promise<EvolutionFixture> {
  const merchant = await app.merchants.byCode('KISMAT');
  if (!merchant) throw new Error('seeded merchant missing');
  const suffix = uniqueSuffix(6).toUpperCase();
  const code = `EVO${suffix}`;
  const secretEnv = `EVOLUTION_TEST_AUTH_${suffix}`;
  const authToken = `auth-${randomUUID()}`;
  process.env[secretEnv] = authToken;
  const [row] = await app.db
    .insert(aggregatorIntegrations)
    .values({
      merchantId: merchant.id,
      code,
      protocol: 'evolution',
      name: 'Evolution (test)',
      isEnabled: true,
      baseUrl: 'http://127.0.0.1:9',
      operatorRef: 'kismatcasino',
      inboundKey: 'kismat',
      secretEnv,
      currencyMap: { [merchant.currency]: merchant.currency },
    })
    .returning();
  if (!row) throw new Error('contract insert failed');
  const tables: [string, string] = [`roulette${suffix.toLowerCase()}`, `blackjack${suffix.toLowerCase()}`];
  const studio = await upsertStudioGames(app.db, {
    merchantId: merchant.id,
    vendorCode: `${code}_EVOLUTION`,
    vendorName: 'Evolution',
    games: tables.map((table) => ({
      gameCode: table,
      name: table,
      category: 'LIVE' as const,
      iconUrl: null,
      largeIconUrl: null,
      supportsFreePlay: false,
      isEnabled: true,
    })),
  });
  const gameIds = new Map<string, number>();
  for (const game of await app.db.select({ id: games.id, code: games.gameCode }).from(games).where(eq(games.vendorId, studio.vendorId)))
    gameIds.set(game.code, game.id);
  const send: EvolutionSend = async (call, body, token) => {
    const response = await app.inject({
      method: 'POST',
      url: `/aggregators/evolution/${merchant.code}/${code}/${call}?authToken=${encodeURIComponent(token)}`,
      payload: body,
    });
    return { ...(response.json() as Record<string, unknown>), httpStatus: response.statusCode };
  };
  return {
    merchantCode: merchant.code,
    merchantId: merchant.id,
    currency: merchant.currency,
    contract: { id: row.id, merchantId: row.merchantId, code: row.code, protocol: row.protocol, isEnabled: row.isEnabled },
    secretEnv,
    authToken,
    tables,
    gameIds,
    send,
  };
}

export interface EvolutionPlayer {
  memberId: number;
  cashAccountId: number;
  driver: EvolutionWalletDriver;
  sid: string;
}

/** A member with `cash` minor units and an open Evolution game session at the first table. */
export async function openEvolutionPlayer(
  app: FastifyInstance,
  fixture: EvolutionFixture,
  cash: bigint,
  options: { ttlMs?: number; now?: Date } = {},
): Promise<EvolutionPlayer> {
  const { member } = await createMember(app.db, fixture.merchantId);
  const accounts = await ensureMemberAccounts(app.db, { merchantId: fixture.merchantId, memberId: member.id, currency: fixture.currency });
  if (cash > 0n) {
    const source = await openAccount(app.db, { merchantId: fixture.merchantId, code: 'ADJUSTMENT', currency: fixture.currency });
    await postTransfer(app.db, {
      merchantId: fixture.merchantId,
      idempotencyKey: `test-fund:${member.id}:${randomUUID()}`,
      type: 'adjustment',
      entries: [
        { accountId: source.id, amount: -cash },
        { accountId: accounts.cash.id, amount: cash },
      ],
    });
  }
  const gameId = fixture.gameIds.get(fixture.tables[0]);
  if (!gameId) throw new Error('table missing');
  const opened = await openAggregatorSession(app.db, {
    contract: fixture.contract,
    memberId: member.id,
    gameId,
    currency: fixture.currency,
    now: options.now ?? app.now(),
    ...(options.ttlMs !== undefined ? { ttlMs: options.ttlMs } : {}),
  });
  const driver = new EvolutionWalletDriver(fixture.send, fixture.authToken, opened.user, opened.token, fixture.currency, fixture.tables[0]);
  return { memberId: member.id, cashAccountId: accounts.cash.id, driver, sid: opened.token };
}
