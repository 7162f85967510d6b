import { describe, expect, it } from 'vitest';
import { ledgerTransfers } from '../../db/schema/ledger';
import { codeOf, readAccountRow, type TestMember, useLedgerFixture } from '../../test/ledger-test-fixture';
import { createHold } from './create-hold';
import { getMemberBalances } from './get-member-balances';
import { postHold } from './post-hold';
import { verifyLedger } from './verify-ledger';
import { voidHold } from './void-hold';

const fixture = useLedgerFixture();

async function fundedMember(amount: bigint): Promise<TestMember> {
  const member = await fixture.createMember();
  await fixture.fund(member.cash.id, amount);
  return member;
}

function holdWithdrawal(member: TestMember, amount: bigint, key = fixture.uniqueKey('wd')) {
  return createHold(fixture.db, {
    merchantId: fixture.merchantId,
    accountId: member.cash.id,
    amount,
    idempotencyKey: key,
    type: 'withdrawal_hold',
    reference: { kind: 'withdrawal', id: key },
  });
}

function payOut(holdId: number, amount: bigint) {
  return postHold(fixture.db, {
    merchantId: fixture.merchantId,
    holdId,
    type: 'withdrawal_paid',
    credits: [{ accountId: fixture.cashier.id, amount }],
  });
}

describe('holds', () => {
  it('reserve funds: balance stays, available drops, and spending cannot reach the held part', async () => {
    const member = await fundedMember(1_000n);
    const { hold, isReplay } = await holdWithdrawal(member, 600n);
    expect(isReplay).toBe(false);
    expect(hold).toMatchObject({ status: 'pending', amount: 600n, accountId: member.cash.id, postedAmount: null });
    expect(await getMemberBalances(fixture.db, { merchantId: fixture.merchantId, memberId: member.memberId })).toMatchObject({
      cash: 1_000n,
      held: 600n,
      available: 400n,
    });
    // Holds do not write entries, so the version is untouched.
    expect(await readAccountRow(fixture.db, member.cash.id)).toEqual({ balance: 1_000n, held: 600n, version: 1 });

    const overspend = fixture.move(member.cash.id, fixture.house.id, 401n, 'bet');
    expect(await codeOf(overspend)).toBe('INSUFFICIENT_FUNDS');
    expect(await codeOf(holdWithdrawal(member, 401n))).toBe('INSUFFICIENT_FUNDS');
    await holdWithdrawal(member, 400n);
    expect(await readAccountRow(fixture.db, member.cash.id)).toEqual({ balance: 1_000n, held: 1_000n, version: 1 });
  });

  it('posts fully: the money leaves, the hold is gone from held', async () => {
    const member = await fundedMember(1_000n);
    const { hold } = await holdWithdrawal(member, 700n);
    const result = await payOut(hold.id, 700n);
    expect(result.isReplay).toBe(false);
    expect(result.hold).toMatchObject({ status: 'posted', postedAmount: 700n, postTransferId: result.posted.transfer.id });
    expect(result.posted.transfer).toMatchObject({ type: 'withdrawal_paid', referenceKind: 'withdrawal', referenceId: hold.referenceId });
    expect(await readAccountRow(fixture.db, member.cash.id)).toEqual({ balance: 300n, held: 0n, version: 2 });
  });

  it('posts partially and releases the remainder', async () => {
    const member = await fundedMember(1_000n);
    const { hold } = await holdWithdrawal(member, 800n);
    const result = await postHold(fixture.db, {
      merchantId: fixture.merchantId,
      holdId: hold.id,
      type: 'withdrawal_paid',
      // The payout and a fee, split in one posting.
      credits: [
        { accountId: fixture.cashier.id, amount: 450n },
        { accountId: fixture.house.id, amount: 50n },
      ],
    });
    expect(result.hold).toMatchObject({ status: 'posted', postedAmount: 500n });
    expect(await readAccountRow(fixture.db, member.cash.id)).toEqual({ balance: 500n, held: 0n, version: 2 });
  });

  it('voids: the whole hold is released and nothing moves', async () => {
    const member = await fundedMember(1_000n);
    const { hold } = await holdWithdrawal(member, 300n);
    const voided = await voidHold(fixture.db, { merchantId: fixture.merchantId, holdId: hold.id, reason: 'rejected by finance' });
    expect(voided).toMatchObject({ isReplay: false, hold: { status: 'voided', voidReason: 'rejected by finance' } });
    expect(await readAccountRow(fixture.db, member.cash.id)).toEqual({ balance: 1_000n, held: 0n, version: 1 });
    // Voiding again is a harmless replay; posting after a void is refused.
    expect((await voidHold(fixture.db, { merchantId: fixture.merchantId, holdId: hold.id })).isReplay).toBe(true);
    expect(await codeOf(payOut(hold.id, 300n))).toBe('HOLD_NOT_PENDING');
    expect(await readAccountRow(fixture.db, member.cash.id)).toEqual({ balance: 1_000n, held: 0n, version: 1 });
  });

  it('refuses to void a posted hold, to post more than held, and to post a different amount twice', async () => {
    const member = await fundedMember(1_000n);
    const { hold } = await holdWithdrawal(member, 500n);
    expect(await codeOf(payOut(hold.id, 501n))).toBe('LEDGER_INVALID_TRANSFER');
    await payOut(hold.id, 500n);
    const replay = await payOut(hold.id, 500n);
    expect(replay.isReplay).toBe(true);
    expect(replay.posted.isReplay).toBe(true);
    expect(await codeOf(payOut(hold.id, 400n))).toBe('HOLD_NOT_PENDING');
    expect(await codeOf(voidHold(fixture.db, { merchantId: fixture.merchantId, holdId: hold.id }))).toBe('HOLD_NOT_PENDING');
    expect(await readAccountRow(fixture.db, member.cash.id)).toEqual({ balance: 500n, held: 0n, version: 2 });
    expect(await codeOf(voidHold(fixture.db, { merchantId: fixture.merchantId + 1, holdId: hold.id }))).toBe('NOT_FOUND');
  });

  it('creates a hold once per key, and refuses the key with other content', async () => {
    const member = await fundedMember(1_000n);
    const key = fixture.uniqueKey('wd');
    const first = await holdWithdrawal(member, 250n, key);
    const again = await holdWithdrawal(member, 250n, key);
    expect(again).toEqual({ hold: first.hold, isReplay: true });
    expect(await codeOf(holdWithdrawal(member, 260n, key))).toBe('IDEMPOTENCY_CONFLICT');
    expect(await readAccountRow(fixture.db, member.cash.id)).toEqual({ balance: 1_000n, held: 250n, version: 1 });
  });

  it('refuses holds on system accounts and on accounts of another merchant', async () => {
    const onHouse = createHold(fixture.db, {
      merchantId: fixture.merchantId,
      accountId: fixture.house.id,
      amount: 10n,
      idempotencyKey: fixture.uniqueKey(),
      type: 'bet',
    });
    expect(await codeOf(onHouse)).toBe('LEDGER_INVALID_TRANSFER');
    const member = await fundedMember(100n);
    const elsewhere = createHold(fixture.db, {
      merchantId: fixture.merchantId + 1,
      accountId: member.cash.id,
      amount: 10n,
      idempotencyKey: fixture.uniqueKey(),
      type: 'bet',
    });
    expect(await codeOf(elsewhere)).toBe('LEDGER_INVALID_TRANSFER');
  });

  it('grants exactly 33 of 50 concurrent holds of 30 on a balance of 1000', async () => {
    const member = await fundedMember(1_000n);
    const results = await Promise.allSettled(Array.from({ length: 50 }, () => holdWithdrawal(member, 30n)));
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(33);
    expect(await readAccountRow(fixture.db, member.cash.id)).toEqual({ balance: 1_000n, held: 990n, version: 1 });
  });

  it('posts a hold exactly once when 10 approvals race', async () => {
    const member = await fundedMember(1_000n);
    const { hold } = await holdWithdrawal(member, 400n);
    const results = await Promise.all(Array.from({ length: 10 }, () => payOut(hold.id, 400n)));
    expect(new Set(results.map((result) => result.posted.transfer.id)).size).toBe(1);
    expect(results.filter((result) => !result.isReplay)).toHaveLength(1);
    expect(await readAccountRow(fixture.db, member.cash.id)).toEqual({ balance: 600n, held: 0n, version: 2 });
  });

  it('lets exactly one of a racing post and void win', async () => {
    for (let round = 0; round < 5; round += 1) {
      const member = await fundedMember(1_000n);
      const { hold } = await holdWithdrawal(member, 400n);
      const outcomes = await Promise.all([
        codeOf(payOut(hold.id, 400n)),
        codeOf(voidHold(fixture.db, { merchantId: fixture.merchantId, holdId: hold.id })),
        codeOf(payOut(hold.id, 400n)),
        codeOf(voidHold(fixture.db, { merchantId: fixture.merchantId, holdId: hold.id })),
      ]);
      const account = await readAccountRow(fixture.db, member.cash.id);
      expect(account.held).toBe(0n);
      if (outcomes[0] === 'OK' || outcomes[2] === 'OK') {
        // Post won: both posts succeed (one replays), both voids are refused.
        expect(outcomes).toEqual(['OK', 'HOLD_NOT_PENDING', 'OK', 'HOLD_NOT_PENDING']);
        expect(account).toEqual({ balance: 600n, held: 0n, version: 2 });
      } else {
        expect(outcomes).toEqual(['HOLD_NOT_PENDING', 'OK', 'HOLD_NOT_PENDING', 'OK']);
        expect(account).toEqual({ balance: 1_000n, held: 0n, version: 1 });
      }
    }
    expect((await verifyLedger(fixture.db)).ok).toBe(true);
  });

  it('counts every posting transfer once in the ledger', async () => {
    const report = await verifyLedger(fixture.db);
    expect(report).toMatchObject({ ok: true, holdsMismatched: 0 });
    expect(report.checkedTransfers).toBe(await fixture.db.$count(ledgerTransfers));
  });
});
