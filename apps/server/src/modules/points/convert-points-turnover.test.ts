import { randomUUID } from 'node:crypto';
import { CASHIER_PATHS } from '@kismat/contracts/cashier';
import { POINTS_PATHS } from '@kismat/contracts/points';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { turnoverRequirements } from '../../db/schema/promotions';
import { demoSiteConfig, type TestApp } from '../../test/build-test-app';
import { bindBankAccount } from '../../test/cashier-acceptance-support';
import { createMember, TestClient, uniqueIp, uniqueSuffix } from '../../test/factories';
import { fundMember, spinAt } from '../../test/house-games-test-kit';
import { useTestApp } from '../../test/shop-fixture';
import { defaultMerchant } from '../../test/vendor-test-kit';
import { loyaltyPorts, missionPorts } from '../loyalty-ports';
import { verifyLedger } from '../wallet/verify-ledger';
import { postPointsEntry } from './post-points-entry';
import { verifyPointsLedger } from './verify-points-ledger';

/*
 * Points converted to cash carry their turnover (docs/loyalty.md: amountRequirement, 1x): the
 * conversion adds a POINTS turnover requirement, the withdrawal gate refuses while it is left,
 * and valid bet pays it off. Without it, points earned by play could be cashed out at once.
 */

const ROOT = 'root-token-for-points-turnover-0001';
const PIN = '246810';

let t: TestApp;

useTestApp(
  async (built) => {
    t = built;
  },
  { config: demoSiteConfig('points-turnover', { OPERATOR_TOKEN: ROOT }) },
);

describe('points conversion and the withdrawal gate', () => {
  it('converted cash adds a 1x turnover requirement: withdrawal refused with the turnover left, allowed after play', async () => {
    const { merchant, host } = await defaultMerchant(t.app);
    const { member, password } = await createMember(t.app.db, merchant.id, { paymentPassword: PIN });
    const client = new TestClient(t.app, host, 'EN');
    const token = await client.login(member.username, password ?? '', { ip: uniqueIp() });
    const bankAccountId = await bindBankAccount(t.app.db, merchant.id, member.id);
    // Cash from an adjustment (no deposit, so no deposit turnover) and 1,000 points.
    await fundMember(t.app.db, merchant, member.id, 100_000n);
    await t.app.db.transaction((tx) =>
      postPointsEntry(tx, {
        merchantId: merchant.id,
        memberId: member.id,
        delta: 1_000n,
        kind: 'ADJUST',
        reference: `test:${randomUUID()}`,
        now: new Date(),
      }),
    );
    const withdraw = () =>
      client.call('POST', CASHIER_PATHS.withdrawals, {
        token,
        body: { bankAccountId, amount: '100.00', paymentPassword: PIN, idempotencyKey: `wd-${uniqueSuffix(12)}` },
      });

    // Seeded rate: 100 points give 1.00, turnover 1x: 1,000 points are 10.00 to play through.
    const converted = await client.call('POST', POINTS_PATHS.convert, {
      token,
      encrypt: true,
      body: { points: 1_000, paymentPassword: PIN, idempotencyKey: `v-${uniqueSuffix(12)}` },
    });
    expect(converted.json()).toMatchObject({ code: 'OK', value: { redemption: { amount: '10.00', amountRequirement: '10.00' } } });
    const redemptionId = converted.json().value.redemption.id as number;
    const requirements = await t.app.db.select().from(turnoverRequirements).where(eq(turnoverRequirements.memberId, member.id));
    expect(requirements.map((row) => [row.source, row.sourceId, row.required, row.status])).toEqual([
      ['POINTS', redemptionId, 1_000n, 'ACTIVE'],
    ]);

    const refused = await withdraw();
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'TURNOVER_NOT_MET', value: { left: '10.00' } });

    // Six spins of 1.00 leave 4.00; four more meet it (the gate applies the member's settled rounds first).
    for (let spin = 0; spin < 6; spin++) await spinAt(t.app.db, merchant, member, { betMinor: 100n, at: new Date() });
    expect((await withdraw()).json()).toMatchObject({ code: 'TURNOVER_NOT_MET', value: { left: '4.00' } });
    for (let spin = 0; spin < 4; spin++) await spinAt(t.app.db, merchant, member, { betMinor: 100n, at: new Date() });
    const allowed = await withdraw();
    expect(allowed.statusCode, allowed.body).toBe(200);
    const [met] = await t.app.db.select().from(turnoverRequirements).where(eq(turnoverRequirements.memberId, member.id));
    expect(met).toMatchObject({ status: 'MET', done: 1_000n });

    expect((await verifyLedger(t.app.db)).ok).toBe(true);
    expect((await verifyPointsLedger(t.app.db)).ok).toBe(true);
  }, 60_000);

  it('rebate and mission cash add REBATE / MISSION requirements through the wired ports, once per payment', async () => {
    const { merchant } = await defaultMerchant(t.app);
    const { member } = await createMember(t.app.db, merchant.id, {});
    const add = loyaltyPorts.addTurnoverRequirement;
    expect(add).toBeDefined();
    expect(missionPorts.addTurnoverRequirement).toBe(add);
    const base = { merchantId: merchant.id, memberId: member.id, now: new Date() };
    await t.app.db.transaction(async (tx) => {
      await add?.(tx, { ...base, amount: 2_500n, source: 'rebate', sourceKey: 'rebate:claim:991', sourceId: 991 });
      await add?.(tx, { ...base, amount: 2_500n, source: 'rebate', sourceKey: 'rebate:claim:991', sourceId: 991 });
      await add?.(tx, { ...base, amount: 700n, source: 'mission', sourceKey: 'mission:1:2:D', sourceId: 992 });
      await add?.(tx, { ...base, amount: 0n, source: 'mission', sourceKey: 'mission:1:2:E', sourceId: 993 });
    });
    const rows = await t.app.db.select().from(turnoverRequirements).where(eq(turnoverRequirements.memberId, member.id));
    expect(rows.map((row) => [row.source, row.sourceId, row.required, row.status]).sort()).toEqual([
      ['MISSION', 992, 700n, 'ACTIVE'],
      ['REBATE', 991, 2_500n, 'ACTIVE'],
    ]);
  }, 60_000);
});
