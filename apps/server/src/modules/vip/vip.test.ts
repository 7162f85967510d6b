import { randomUUID } from 'node:crypto';
import { CASHIER_PATHS } from '@kismat/contracts/cashier';
import { VENDOR_API_PATHS } from '@kismat/contracts/vendor-wallet';
import { OPERATOR_VIP_PATHS, VIP_PATHS } from '@kismat/contracts/vip';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberProfiles, members } from '../../db/schema/accounts';
import { vipBonusAwards, vipLevelChanges, vipMembers } from '../../db/schema/vip';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { bindBankAccount } from '../../test/cashier-acceptance-support';
import { createMember, TestClient, uniqueIp, uniqueSuffix } from '../../test/factories';
import { drainFacts } from '../../test/facts-test-kit';
import { fundMember } from '../../test/house-games-test-kit';
import { defaultMerchant, openVendorSession, vendorCall } from '../../test/vendor-test-kit';
import { getMemberBalances } from '../wallet/index';
import { verifyLedger } from '../wallet/verify-ledger';
import { createVipEngine } from './create-vip-engine';
import { payBirthdayBonuses, runVipReview } from './run-vip-review';

/*
 * VIP end to end: play settles, the fact engine adds the valid bet and upgrades (bonus once per
 * level), at most one level change a day, the monthly review demotes one level at a time and
 * pays the monthly bonus once; member state shows the level.
 */

const ROOT = 'root-token-for-vip-tests-000001';
const VENDOR = 'PT';

const level = (rank: number, validBet: string, extra: Record<string, unknown> = {}) => ({
  rank,
  names: { bn: `স্তর ${rank}`, en: `Level ${rank}`, sw: `Ngazi ${rank}` },
  targetRule: 'AND',
  upgradeDeposit: '0',
  upgradeValidBet: validBet,
  retainDeposit: '0',
  retainValidBet: '0',
  upgradeBonus: '0',
  birthdayBonus: '0',
  monthlyBonus: '0',
  withdrawDailyCount: 3,
  withdrawDailyAmount: '50000.00',
  ...extra,
});

describe('vip', () => {
  let t: TestApp;
  let clock = new Date('2026-03-10T06:00:00Z');
  const setClock = (at: string) => {
    clock = new Date(at);
    t.setNow(clock);
  };

  /** The three-level ladder through the operator route; `firstLevel` adds to level 1. */
  const putLadder = async (merchantCode: string, firstLevel: Record<string, unknown>) => {
    const ladder = await t.app.inject({
      method: 'PUT',
      url: OPERATOR_VIP_PATHS.levels.replace(':code', merchantCode),
      headers: { authorization: `Bearer ${ROOT}` },
      payload: {
        levels: [
          level(1, '10.00', firstLevel),
          level(2, '100.00', { upgradeBonus: '5.00', retainValidBet: '50.00', monthlyBonus: '1.00' }),
          level(3, '1000.00', { upgradeBonus: '20.00', retainValidBet: '500.00', monthlyBonus: '3.00' }),
        ],
      },
    });
    expect(ladder.statusCode, ladder.body).toBe(200);
  };

  /** One settled RNG round of `amount` valid bet at the clock, handed to the VIP engine as the consumer would. */
  const applyRound = (merchantId: number, memberId: number, amount: bigint) =>
    t.app.db.transaction((tx) =>
      createVipEngine(() => clock).apply(tx, [
        { id: 1, kind: 'ROUND', merchantId, memberId, sourceId: 1, gameType: 'RNG', amount, payout: 0n, occurredAt: clock },
      ]),
    );

  beforeAll(async () => {
    t = await buildTestApp({ config: { OPERATOR_TOKEN: ROOT } });
    t.setNow(clock);
    const { merchant } = await defaultMerchant(t.app);
    await putLadder(merchant.code, {});
  }, 60_000);

  const cashOf = async (memberId: number) => {
    const { merchant } = await defaultMerchant(t.app);
    return (await getMemberBalances(t.app.db, { merchantId: merchant.id, memberId })).available;
  };

  afterAll(async () => {
    expect((await verifyLedger(t.app.db)).ok).toBe(true);
    await t.close();
  });

  it('an invalid ladder is refused and changes nothing', async () => {
    const { merchant } = await defaultMerchant(t.app);
    const response = await t.app.inject({
      method: 'PUT',
      url: OPERATOR_VIP_PATHS.levels.replace(':code', merchant.code),
      headers: { authorization: `Bearer ${ROOT}`, language: 'EN' },
      payload: { levels: [level(1, '100.00'), level(2, '10.00')] },
    });
    expect(response.json()).toMatchObject({ code: 'VIP_LADDER_INVALID', message: 'The VIP ladder is not valid' });
    const list = await t.app.inject({ method: 'GET', url: VIP_PATHS.levels, headers: { host: merchant.mainDomain } });
    expect(list.json().value.list).toHaveLength(3);
  });

  it('upgrades from play with the bonus once per level, one change a day, demotes one level a month', async () => {
    const opened = await openVendorSession(t.app, VENDOR, 5_000_00n);
    const memberId = opened.member.id;
    const play = async (amount: string) => {
      const roundId = randomUUID();
      const bet = { ...opened.session, transactionUuid: randomUUID(), roundId, amount };
      expect((await vendorCall(t.app, VENDOR, VENDOR_API_PATHS.bet, bet)).status).toBe('RS_OK');
      const win = {
        ...opened.session,
        transactionUuid: randomUUID(),
        roundId,
        amount: '0.00',
        referenceTransactionUuid: bet.transactionUuid,
      };
      expect((await vendorCall(t.app, VENDOR, VENDOR_API_PATHS.win, win)).status).toBe('RS_OK');
      // The retried win adds no second fact.
      expect((await vendorCall(t.app, VENDOR, VENDOR_API_PATHS.win, win)).status).toBe('RS_OK');
      await drainFacts(t.app);
    };
    const me = async () => (await opened.client.call('GET', VIP_PATHS.me, { token: opened.token })).json().value;
    const rankOf = async () => (await t.app.db.select().from(vipMembers).where(eq(vipMembers.memberId, memberId)))[0]?.rank;
    const awards = () => t.app.db.select().from(vipBonusAwards).where(eq(vipBonusAwards.memberId, memberId));
    const cash = async () => (await opened.client.call('GET', '/wps/v2/wallets/balance', { token: opened.token })).json().value.balance;

    await play('150.00');
    expect(await rankOf()).toBe(2);
    expect(await cash()).toBe('4855.00');
    const progress = await me();
    expect(progress).toMatchObject({
      hasVip: true,
      level: { rank: 2, name: 'Level 2' },
      next: { rank: 3 },
      progress: { validBet: { done: '150.00', needed: '1000.00' } },
    });
    const info = (await opened.client.call('GET', '/wps/member/info', { token: opened.token })).json().value;
    // In the member's own language (BN unless the member chose another).
    expect(info).toMatchObject({ hasVip: true, vipRankLevel: 2, vipLabelName: 'স্তর 2' });

    // Enough for level 3 the same day: the level waits for tomorrow (one change a day).
    await play('900.00');
    expect(await rankOf()).toBe(2);
    await runVipReview(t.app.db, clock);
    expect(await rankOf()).toBe(2);
    setClock('2026-03-11T06:00:00Z');
    await runVipReview(t.app.db, clock);
    await runVipReview(t.app.db, clock);
    expect(await rankOf()).toBe(3);
    expect(
      (await awards())
        .filter((row) => row.kind === 'UPGRADE')
        .map((row) => Number(row.amount))
        .sort((a, b) => a - b),
    ).toEqual([5_00, 20_00]);

    // April's review of March: level 3 was reached in March, so it is kept; April's bonus is paid once.
    setClock('2026-04-01T06:00:00Z');
    await runVipReview(t.app.db, clock);
    await runVipReview(t.app.db, clock);
    expect(await rankOf()).toBe(3);
    expect((await awards()).filter((row) => row.kind === 'MONTHLY')).toEqual([
      expect.objectContaining({ periodKey: '2026-04', amount: 3_00n }),
    ]);

    // No play in April: May's review drops ONE level, however often it runs.
    setClock('2026-05-01T06:00:00Z');
    await runVipReview(t.app.db, clock);
    await runVipReview(t.app.db, clock);
    expect(await rankOf()).toBe(2);
    setClock('2026-06-01T06:00:00Z');
    await runVipReview(t.app.db, clock);
    expect(await rankOf()).toBe(1);
    const demotions = await t.app.db
      .select()
      .from(vipLevelChanges)
      .where(and(eq(vipLevelChanges.memberId, memberId), eq(vipLevelChanges.reason, 'DEMOTION')));
    expect(demotions.map((row) => [row.fromRank, row.toRank])).toEqual([
      [3, 2],
      [2, 1],
    ]);

    // Climbing back to level 3 pays no upgrade bonus a second time (months later the vendor session is
    // long gone, so the settled round's fact goes to the engine as the consumer would hand it over).
    setClock('2026-06-02T06:00:00Z');
    const before = await cashOf(memberId);
    await applyRound(opened.merchant.id, memberId, 1_000_00n);
    expect(await rankOf()).toBe(3);
    expect((await awards()).filter((row) => row.kind === 'UPGRADE')).toHaveLength(2);
    expect(await cashOf(memberId)).toBe(before);
  });
  it("a level's daily withdrawal count replaces the merchant's (3 at level 1 here, 5 without a level)", async () => {
    const { merchant, host } = await defaultMerchant(t.app);
    const withdrawals = async (isAtLevel: boolean) => {
      const { member, password } = await createMember(t.app.db, merchant.id, { paymentPassword: '135790', fullName: 'Test Person' });
      await fundMember(t.app.db, merchant, member.id, 10_000_00n);
      const bankAccountId = await bindBankAccount(t.app.db, merchant.id, member.id);
      if (isAtLevel) {
        await applyRound(merchant.id, member.id, 20_00n);
      }
      const client = new TestClient(t.app, host);
      const token = await client.login(member.username, password ?? '', { ip: uniqueIp() });
      const codes: string[] = [];
      for (let attempt = 0; attempt < 4; attempt++) {
        const response = await client.call('POST', CASHIER_PATHS.withdrawals, {
          token,
          encrypt: true,
          body: { bankAccountId, amount: '100.00', paymentPassword: '135790', idempotencyKey: `w-${uniqueSuffix(12)}` },
        });
        codes.push(response.json().code);
      }
      return codes;
    };
    expect(await withdrawals(true)).toEqual(['OK', 'OK', 'OK', 'WITHDRAWAL_LIMIT_REACHED']);
    expect(await withdrawals(false)).toEqual(['OK', 'OK', 'OK', 'OK']);
  });
  it('the birthday bonus goes once a year to a member at a level whose account is older than 60 days', async () => {
    const { merchant } = await defaultMerchant(t.app);
    await putLadder(merchant.code, { birthdayBonus: '2.00' });
    const today = clock.toISOString().slice(0, 10);
    const memberAged = async (ageDays: number) => {
      const { member } = await createMember(t.app.db, merchant.id, { fullName: 'Test Person' });
      await t.app.db
        .update(members)
        .set({ createdAt: new Date(clock.getTime() - ageDays * 86_400_000) })
        .where(eq(members.id, member.id));
      await t.app.db
        .update(memberProfiles)
        .set({ birthday: `1990${today.slice(4)}` })
        .where(eq(memberProfiles.memberId, member.id));
      await applyRound(merchant.id, member.id, 20_00n);
      return member.id;
    };
    const old = await memberAged(61);
    const fresh = await memberAged(10);
    expect(await payBirthdayBonuses(t.app.db, merchant, clock)).toBe(1);
    expect(await payBirthdayBonuses(t.app.db, merchant, clock)).toBe(0);
    expect(await cashOf(old)).toBe(2_00n);
    expect(await cashOf(fresh)).toBe(0n);
  });
});
