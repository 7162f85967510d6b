import { memberBalancesValue } from '@kismat/contracts/wallet';
import { describe, expect, it } from 'vitest';
import { codeOf, useLedgerFixture } from '../../test/ledger-test-fixture';
import { createHold } from './create-hold';
import { ensureMemberAccounts } from './ensure-member-accounts';
import { getAccountBalance } from './get-account-balance';
import { getMemberBalances } from './get-member-balances';
import { openAccount } from './open-account';
import { presentMemberBalances } from './present-member-balances';

const fixture = useLedgerFixture();

describe('openAccount and ensureMemberAccounts', () => {
  it("open a member's four wallets with the catalogue's rules, once", async () => {
    const accounts = await ensureMemberAccounts(fixture.db, { merchantId: fixture.merchantId, memberId: 501, currency: 'BDT' });
    expect(accounts.cash).toMatchObject({
      ownerKind: 'member',
      ownerMemberId: 501,
      code: 'MEMBER_CASH',
      currency: 'BDT',
      isTrial: false,
      isHot: false,
      allowsNegative: false,
      balance: 0n,
      version: 0,
    });
    expect(accounts.bonus).toMatchObject({ code: 'MEMBER_BONUS', isTrial: false });
    expect(accounts.points).toMatchObject({ code: 'MEMBER_POINTS', currency: 'PTS' });
    expect(accounts.trial).toMatchObject({ code: 'MEMBER_TRIAL', isTrial: true, currency: 'BDT' });
    const again = await ensureMemberAccounts(fixture.db, { merchantId: fixture.merchantId, memberId: 501, currency: 'BDT' });
    expect(again).toEqual(accounts);
  });

  it('find existing wallets in one read, open only the missing ones, and still refuse another currency', async () => {
    const cash = await openAccount(fixture.db, {
      merchantId: fixture.merchantId,
      code: 'MEMBER_CASH',
      ownerMemberId: 502,
      currency: 'BDT',
    });
    const completed = await ensureMemberAccounts(fixture.db, { merchantId: fixture.merchantId, memberId: 502, currency: 'BDT' });
    expect(completed.cash).toEqual(cash);
    expect(completed.trial).toMatchObject({ code: 'MEMBER_TRIAL', ownerMemberId: 502, isTrial: true });
    expect(await ensureMemberAccounts(fixture.db, { merchantId: fixture.merchantId, memberId: 502, currency: 'BDT' })).toEqual(completed);
    const refused = await ensureMemberAccounts(fixture.db, { merchantId: fixture.merchantId, memberId: 502, currency: 'USD' }).then(
      () => 'opened',
      (error: { code?: string; value?: { reason?: string } }) => `${error.code}:${error.value?.reason}`,
    );
    expect(refused).toBe('LEDGER_INVALID_TRANSFER:currency_mismatch');
  });

  it('return one account when 10 callers open it at once', async () => {
    const opened = await Promise.all(
      Array.from({ length: 10 }, () =>
        ensureMemberAccounts(fixture.db, { merchantId: fixture.merchantId, memberId: 777, currency: 'BDT' }),
      ),
    );
    expect(new Set(opened.map((accounts) => accounts.cash.id)).size).toBe(1);
    const vendors = await Promise.all(
      Array.from({ length: 6 }, () =>
        openAccount(fixture.db, { merchantId: fixture.merchantId, code: 'VENDOR_CLEARING', subkey: 'PG', currency: 'BDT' }),
      ),
    );
    expect(new Set(vendors.map((account) => account.id)).size).toBe(1);
    expect(vendors[0]).toMatchObject({ ownerKind: 'system', ownerMemberId: null, isHot: true, allowsNegative: true, shardCount: 8 });
  });

  it('keep system accounts apart per channel or vendor, and refuse malformed openings', async () => {
    const bkash = await openAccount(fixture.db, {
      merchantId: fixture.merchantId,
      code: 'CASHIER_CLEARING',
      subkey: 'bkash',
      currency: 'BDT',
    });
    const nagad = await openAccount(fixture.db, {
      merchantId: fixture.merchantId,
      code: 'CASHIER_CLEARING',
      subkey: 'nagad',
      currency: 'BDT',
    });
    expect(bkash.id).toBe(fixture.cashier.id);
    expect(nagad.id).not.toBe(bkash.id);
    expect(
      await codeOf(openAccount(fixture.db, { merchantId: fixture.merchantId, code: 'HOUSE', currency: 'BDT', ownerMemberId: 5 })),
    ).toBe('LEDGER_INVALID_TRANSFER');
    expect(await codeOf(openAccount(fixture.db, { merchantId: fixture.merchantId, code: 'MEMBER_CASH', currency: 'BDT' }))).toBe(
      'LEDGER_INVALID_TRANSFER',
    );
    expect(
      await codeOf(openAccount(fixture.db, { merchantId: fixture.merchantId, code: 'MEMBER_CASH', currency: 'taka', ownerMemberId: 9 })),
    ).toBe('LEDGER_INVALID_TRANSFER');
    expect(
      await codeOf(openAccount(fixture.db, { merchantId: fixture.merchantId, code: 'MEMBER_CASH', currency: 'USD', ownerMemberId: 501 })),
    ).toBe('LEDGER_INVALID_TRANSFER');
    expect(await codeOf(openAccount(fixture.db, { merchantId: fixture.merchantId, code: 'HOUSE', currency: 'BDT', shardCount: 65 }))).toBe(
      'LEDGER_INVALID_TRANSFER',
    );
    const agent = await openAccount(fixture.db, {
      merchantId: fixture.merchantId,
      code: 'AGENT_EARNINGS',
      currency: 'BDT',
      ownerMemberId: 501,
    });
    expect(agent).toMatchObject({ ownerKind: 'agent', isHot: false, allowsNegative: false });
  });
});

describe('getMemberBalances and getAccountBalance', () => {
  it('report cash, held, available, bonus, points, trial and agent earnings', async () => {
    const member = await fixture.createMember();
    await fixture.fund(member.cash.id, 5_000n);
    const move = (key: string, from: number, to: number, amount: bigint) => fixture.move(from, to, amount, 'bonus', key);
    await move('bonus', fixture.promotion.id, member.bonus.id, 700n);
    await move('points', fixture.pointsIssuer.id, member.points.id, 42n);
    await move('trial', fixture.trialIssuer.id, member.trial.id, 100_000n);
    const earnings = await openAccount(fixture.db, {
      merchantId: fixture.merchantId,
      code: 'AGENT_EARNINGS',
      currency: 'BDT',
      ownerMemberId: member.memberId,
    });
    await move('earn', fixture.promotion.id, earnings.id, 300n);
    await createHold(fixture.db, {
      merchantId: fixture.merchantId,
      accountId: member.cash.id,
      amount: 1_200n,
      idempotencyKey: fixture.uniqueKey('wd'),
      type: 'withdrawal_hold',
    });

    expect(await getMemberBalances(fixture.db, { merchantId: fixture.merchantId, memberId: member.memberId })).toEqual({
      currency: 'BDT',
      cash: 5_000n,
      held: 1_200n,
      available: 3_800n,
      bonus: 700n,
      points: 42n,
      trial: 100_000n,
      agentEarnings: 300n,
    });
    expect(await getAccountBalance(fixture.db, member.cash.id)).toEqual({
      accountId: member.cash.id,
      currency: 'BDT',
      balance: 5_000n,
      held: 1_200n,
      available: 3_800n,
      version: 1,
    });
    // Another merchant sees nothing of this member.
    expect(await getMemberBalances(fixture.db, { merchantId: fixture.merchantId + 1, memberId: member.memberId })).toMatchObject({
      currency: null,
      cash: 0n,
    });
  });

  it('read a hot account as the sum of its shards (negative for a clearing account)', async () => {
    const balance = await getAccountBalance(fixture.db, fixture.cashier.id);
    expect(balance.balance).toBeLessThan(0n);
    expect(balance.held).toBe(0n);
    expect(await codeOf(getAccountBalance(fixture.db, 123_456_789))).toBe('NOT_FOUND');
  });
});

describe('presentMemberBalances', () => {
  it('writes minor units as two-decimal strings and points as whole numbers', () => {
    const value = presentMemberBalances(
      { currency: 'BDT', cash: 123_456n, held: 23_456n, available: 100_000n, bonus: 5n, points: 42n, trial: 0n, agentEarnings: 0n },
      { currency: 'BDT', currencySymbol: '৳' },
    );
    expect(value).toEqual({
      currency: 'BDT',
      currencySymbol: '৳',
      balance: '1000.00',
      cash: '1234.56',
      held: '234.56',
      bonus: '0.05',
      trial: '0.00',
      points: '42',
    });
    expect(memberBalancesValue.parse(value)).toEqual(value);
  });
});
