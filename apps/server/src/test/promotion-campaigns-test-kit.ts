import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { type PromotionRewardRule, type PromotionRow, promotions } from '../db/schema/promotions';
import { recordDepositFact, recordRoundFact } from '../modules/facts/index';
import { verifyLedger } from '../modules/wallet/verify-ledger';
import type { Db } from '../platform/db';
import { createMember, TestClient, type TestMerchant, uniqueIp } from './factories';
import { drainFacts } from './facts-test-kit';

/** Test-only helpers of the promotion kinds: live promotions, facts that fill the day tallies, members with a session. */

let sourceSequence = 9_000_000 + Math.floor(Math.random() * 1_000_000);

export async function insertPromotion(
  db: Db,
  merchantId: number,
  input: {
    kind: 'RED_ENVELOPE' | 'RAFFLE' | 'REFERRAL' | 'ACTIVITY';
    reward: PromotionRewardRule;
    config: Record<string, unknown>;
    claimMode?: 'AUTOMATIC' | 'CLAIM' | 'APPLICATION';
    limitPeriod?: 'NONE' | 'DAY' | 'WEEK' | 'MONTH';
    perMemberLimit?: number;
    budget?: bigint | null;
    status?: 'LIVE' | 'PAUSED' | 'DRAFT';
  },
): Promise<PromotionRow> {
  const [row] = await db
    .insert(promotions)
    .values({
      merchantId,
      kind: input.kind,
      status: input.status ?? 'LIVE',
      title: { BN: `${input.kind} বিএন`, EN: `${input.kind} test`, SW: `${input.kind} sw` },
      body: { BN: 'বিবরণ', EN: 'Body', SW: 'Maelezo' },
      startsAt: new Date(Date.now() - 86_400_000),
      endsAt: null,
      audience: { kind: 'ALL' },
      claimMode: input.claimMode ?? 'CLAIM',
      reward: input.reward,
      turnoverMultipleBp: 10_000,
      contributions: {},
      perMemberLimit: input.perMemberLimit ?? 1000,
      limitPeriod: input.limitPeriod ?? 'NONE',
      budget: input.budget ?? null,
      config: input.config,
      createdBy: 'test',
      updatedBy: 'test',
    })
    .returning();
  if (!row) throw new Error('promotion not inserted');
  return row;
}

/** A credited deposit as the cashier records it (a DEPOSIT fact), applied by every engine. */
export async function depositFact(app: FastifyInstance, merchantId: number, memberId: number, amount: bigint, at = new Date()) {
  sourceSequence += 1;
  const sourceId = sourceSequence;
  await app.db.transaction((tx) => recordDepositFact(tx, { merchantId, memberId, sourceId, amount, occurredAt: at }));
  await drainFacts(app);
}

/** A settled round with this valid bet (a ROUND fact), applied by every engine. */
export async function validBetFact(app: FastifyInstance, merchantId: number, memberId: number, amount: bigint, at = new Date()) {
  sourceSequence += 1;
  const sourceId = sourceSequence;
  await app.db.transaction((tx) =>
    recordRoundFact(tx, { merchantId, memberId, sourceId, gameType: 'RNG', amount, payout: 0n, occurredAt: at }),
  );
  await drainFacts(app);
}

/** A member of the merchant with a session. */
export async function memberWithSession(app: FastifyInstance, shop: TestMerchant, language = 'EN') {
  const { member, password } = await createMember(app.db, shop.merchant.id);
  const client = new TestClient(app, shop.host, language);
  // A login address of its own: the per-address login limit would refuse a test's thirtieth member.
  const token = await client.login(member.username, password ?? '', { ip: uniqueIp() });
  return { member, client, token };
}

export async function expectLedgerClean(db: Db): Promise<void> {
  const report = await verifyLedger(db);
  expect(report.ok, JSON.stringify(report)).toBe(true);
}
