import { randomUUID } from 'node:crypto';
import { OPERATOR_MISSION_PATHS } from '@kismat/contracts/missions';
import { VENDOR_API_PATHS } from '@kismat/contracts/vendor-wallet';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { factQueue } from '../../db/schema/facts';
import { missionProgress } from '../../db/schema/missions';
import { rebateAccruals } from '../../db/schema/rebates';
import { buildTestApp, demoSiteConfig, type TestApp } from '../../test/build-test-app';
import { drainFacts, killConsumerMidBatch, unlockedFactCount } from '../../test/facts-test-kit';
import { defaultMerchant, openVendorSession, vendorCall } from '../../test/vendor-test-kit';

/*
 * CRASH: the consumer process is SIGKILLed after the rebates and missions engines wrote a batch's
 * accruals and progress, its transaction open. Nothing of it stays; the restarted consumer counts
 * every round once.
 */

const ROOT_TOKEN = 'loyalty-crash-root-operator-token-0123';
const VENDOR = 'PT';

describe('loyalty engines across a consumer crash', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({
      config: demoSiteConfig('loyalty-crash', { PAYMENT_SANDBOX: false, OPERATOR_TOKEN: ROOT_TOKEN }),
    });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  // A second process needs a server database: PGlite runs in this process only.
  it.skipIf(!process.env.DATABASE_URL)(
    'CRASH: killed mid-batch, the rebate accrual and mission progress come out exactly once after the restart',
    {
      timeout: 120_000,
    },
    async () => {
      const { merchant } = await defaultMerchant(t.app);
      const created = await t.app.inject({
        method: 'POST',
        url: OPERATOR_MISSION_PATHS.missions.replace(':code', merchant.code),
        headers: { authorization: `Bearer ${ROOT_TOKEN}` },
        payload: {
          titles: { BN: 'b', EN: 'bet', SW: 's' },
          period: 'WEEKLY',
          metric: 'VALID_BET',
          target: '1000.00',
          rewardKind: 'CASH',
          rewardAmount: '1.00',
        },
      });
      expect(created.statusCode, created.body).toBe(200);
      const missionId = created.json().value.id as number;
      const player = await openVendorSession(t.app, VENDOR, 1_000_00n);
      for (let round = 0; round < 3; round += 1) {
        const roundId = randomUUID();
        const bet = { ...player.session, transactionUuid: randomUUID(), roundId, amount: '100.00' };
        expect((await vendorCall(t.app, VENDOR, VENDOR_API_PATHS.bet, bet)).status).toBe('RS_OK');
        const win = {
          ...player.session,
          transactionUuid: randomUUID(),
          roundId,
          amount: '0.00',
          referenceTransactionUuid: bet.transactionUuid,
        };
        expect((await vendorCall(t.app, VENDOR, VENDOR_API_PATHS.win, win)).status).toBe('RS_OK');
      }
      expect(await t.app.db.select().from(factQueue).where(eq(factQueue.memberId, player.member.id))).toHaveLength(3);

      await killConsumerMidBatch(t.app, 'src/test/loyalty-crash-child.ts', 'LOYALTY_CRASH_DATABASE_URL');
      await expect.poll(() => unlockedFactCount(t.app), { timeout: 20_000 }).toBeGreaterThanOrEqual(3);
      expect(await t.app.db.select().from(rebateAccruals).where(eq(rebateAccruals.memberId, player.member.id))).toEqual([]);
      expect(await t.app.db.select().from(missionProgress).where(eq(missionProgress.memberId, player.member.id))).toEqual([]);

      await drainFacts(t.app);
      const accruals = await t.app.db.select().from(rebateAccruals).where(eq(rebateAccruals.memberId, player.member.id));
      expect(accruals.map((row) => row.validBet)).toEqual([300_00n]);
      const progress = await t.app.db.select().from(missionProgress).where(eq(missionProgress.missionId, missionId));
      expect(progress.map((row) => [row.memberId, row.value])).toEqual([[player.member.id, 300_00n]]);
    },
  );
});
