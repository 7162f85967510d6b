import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { factQueue } from '../../db/schema/facts';
import { pointsBalances, pointsExchangeRates } from '../../db/schema/points';
import { vipMembers } from '../../db/schema/vip';
import type { TestApp } from '../../test/build-test-app';
import { createMember } from '../../test/factories';
import { drainFacts, killConsumerMidBatch, unlockedFactCount } from '../../test/facts-test-kit';
import { fundMember, spinAt } from '../../test/house-games-test-kit';
import { useTestApp } from '../../test/shop-fixture';
import { defaultMerchant } from '../../test/vendor-test-kit';
import { verifyLedger } from '../wallet/verify-ledger';
import { verifyPointsLedger } from './verify-points-ledger';

/*
 * CRASH: a consumer process running the real points and VIP engines is SIGKILLed mid-batch (its
 * engines' writes done, the transaction open). Nothing it did survives; the restarted consumer
 * earns every spin's points and VIP progress exactly once (FACTS' crash approach).
 */

const onPostgres = Boolean(process.env.DATABASE_URL);

describe.skipIf(!onPostgres)('points and VIP engines across a consumer crash', () => {
  let t: TestApp;
  useTestApp((built) => {
    t = built;
  });

  it('CRASH: killed mid-batch, nothing applied; after restart each spin earns points and VIP progress exactly once', {
    timeout: 120_000,
  }, async () => {
    const { merchant } = await defaultMerchant(t.app);
    // 1 point per 1.00 of slots (in-house slots are BGS -> SLOTS).
    await t.app.db
      .update(pointsExchangeRates)
      .set({ unitAmount: 100n, unitPoints: 1 })
      .where(sql`${pointsExchangeRates.merchantId} = ${merchant.id} AND ${pointsExchangeRates.category} = 'SLOTS'`);
    const players = await Promise.all([0, 1, 2].map(() => createMember(t.app.db, merchant.id)));
    for (const { member } of players) await fundMember(t.app.db, merchant, member.id, 100_000n);
    const at = new Date();
    // 40 spins of 2.00 each: 120 facts, so the child's first batch (50) is only part of them.
    for (let spin = 0; spin < 40; spin++) {
      for (const { member } of players) await spinAt(t.app.db, merchant, member, { betMinor: 200n, at });
    }
    expect((await t.app.db.select().from(factQueue)).length).toBe(120);

    const output = await killConsumerMidBatch(t.app, 'src/test/loyalty-crash-child.ts', 'LOYALTY_CRASH_DATABASE_URL');
    expect(output).toContain('MID-BATCH 50');
    await expect.poll(() => unlockedFactCount(t.app), { timeout: 20_000 }).toBe(120);
    expect(await t.app.db.select().from(pointsBalances)).toEqual([]);
    expect(await t.app.db.select().from(vipMembers)).toEqual([]);

    expect(await drainFacts(t.app)).toBe(120);
    for (const { member } of players) {
      const [balance] = await t.app.db.select().from(pointsBalances).where(eq(pointsBalances.memberId, member.id));
      expect(balance?.balance).toBe(80n);
      const [vip] = await t.app.db.select().from(vipMembers).where(eq(vipMembers.memberId, member.id));
      expect(vip?.lifetimeValidBet).toBe(80_00n);
    }
    expect((await verifyPointsLedger(t.app.db)).ok).toBe(true);
    expect((await verifyLedger(t.app.db)).ok).toBe(true);
  });
});
