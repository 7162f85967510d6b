import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ledgerTransfers } from '../../db/schema/ledger';
import { merchants } from '../../db/schema/merchants';
import type { Db } from '../../platform/db';
import { codeOf, readAccountRow, sumAllBalances, useLedgerFixture } from '../../test/ledger-test-fixture';
import { getAccountBalance } from './get-account-balance';
import { openAccount } from './open-account';
import { postTransfer } from './post-transfer';
import { verifyLedger } from './verify-ledger';

const fixture = useLedgerFixture();

function bet(memberCashId: number, amount: bigint, key = fixture.uniqueKey('bet')) {
  return postTransfer(fixture.db, {
    merchantId: fixture.merchantId,
    idempotencyKey: key,
    type: 'bet',
    reference: { kind: 'test-bet', id: key },
    entries: [
      { accountId: memberCashId, amount: -amount },
      { accountId: fixture.house.id, amount },
    ],
  });
}

describe('postTransfer', () => {
  it('moves money with entries that carry balance_after and the account version', async () => {
    const member = await fixture.createMember();
    const now = new Date('2026-01-02T03:04:05Z');
    const deposit = await postTransfer(
      fixture.db,
      {
        merchantId: fixture.merchantId,
        idempotencyKey: fixture.uniqueKey(),
        type: 'deposit',
        reference: { kind: 'deposit', id: '42' },
        entries: [
          { accountId: member.cash.id, amount: 10_000n },
          { accountId: fixture.cashier.id, amount: -10_000n },
        ],
      },
      () => now,
    );
    expect(deposit.isReplay).toBe(false);
    expect(deposit.transfer).toMatchObject({
      type: 'deposit',
      referenceKind: 'deposit',
      referenceId: '42',
      createdAt: now,
      reversalOf: null,
    });
    expect(deposit.entries.reduce((sum, entry) => sum + entry.amount, 0n)).toBe(0n);
    const memberEntry = deposit.entries.find((entry) => entry.accountId === member.cash.id)!;
    expect(memberEntry).toMatchObject({ amount: 10_000n, balanceAfter: 10_000n, accountVersion: 1, shard: 0 });
    const clearingEntry = deposit.entries.find((entry) => entry.accountId === fixture.cashier.id)!;
    expect(clearingEntry.shard).toBeGreaterThanOrEqual(1);

    await bet(member.cash.id, 2_500n);
    expect(await readAccountRow(fixture.db, member.cash.id)).toEqual({ balance: 7_500n, held: 0n, version: 2 });
    expect((await getAccountBalance(fixture.db, member.cash.id)).available).toBe(7_500n);
  });

  it('lets 50 concurrent debits of 30 on a balance of 1000 succeed exactly 33 times', async () => {
    const member = await fixture.createMember();
    await fixture.fund(member.cash.id, 1_000n);
    const results = await Promise.allSettled(Array.from({ length: 50 }, () => bet(member.cash.id, 30n)));
    const succeeded = results.filter((result) => result.status === 'fulfilled').length;
    const refused = await Promise.all(
      results.filter((result) => result.status === 'rejected').map((result) => codeOf(Promise.reject(result.reason))),
    );
    expect(succeeded).toBe(33);
    expect(refused).toEqual(Array(17).fill('INSUFFICIENT_FUNDS'));
    expect(await readAccountRow(fixture.db, member.cash.id)).toEqual({ balance: 10n, held: 0n, version: 34 });
    expect((await verifyLedger(fixture.db)).ok).toBe(true);
  });

  it('nets parallel opposing transfers to zero without deadlocking', async () => {
    const [alice, bob] = [await fixture.createMember(), await fixture.createMember()];
    await fixture.fund(alice.cash.id, 5_000n);
    await fixture.fund(bob.cash.id, 5_000n);
    const move = (from: number, to: number, amount: bigint) => fixture.move(from, to, amount, 'transfer_downline', 'p2p');
    await Promise.all(
      Array.from({ length: 40 }, (_unused, index) =>
        index % 2 === 0
          ? move(alice.cash.id, bob.cash.id, 100n + BigInt(index))
          : move(bob.cash.id, alice.cash.id, 100n + BigInt(index - 1)),
      ),
    );
    expect(await readAccountRow(fixture.db, alice.cash.id)).toEqual({ balance: 5_000n, held: 0n, version: 41 });
    expect(await readAccountRow(fixture.db, bob.cash.id)).toEqual({ balance: 5_000n, held: 0n, version: 41 });
  });

  it('leaves every balance and version untouched when one entry of a transfer fails', async () => {
    const [rich, poor] = [await fixture.createMember(), await fixture.createMember()];
    await fixture.fund(rich.cash.id, 1_000n);
    await fixture.fund(poor.cash.id, 100n);
    const before = [await readAccountRow(fixture.db, rich.cash.id), await readAccountRow(fixture.db, poor.cash.id)];
    const houseBefore = await getAccountBalance(fixture.db, fixture.house.id);
    const transfersBefore = await fixture.db.$count(ledgerTransfers);
    const request = {
      merchantId: fixture.merchantId,
      idempotencyKey: fixture.uniqueKey(),
      type: 'bet' as const,
      // rich is debited (and locked) first, then poor's guarded debit fails.
      entries: [
        { accountId: rich.cash.id, amount: -500n },
        { accountId: poor.cash.id, amount: -500n },
        { accountId: fixture.house.id, amount: 1_000n },
      ],
    };
    const code = await codeOf(postTransfer(fixture.db, request));
    expect(code).toBe('INSUFFICIENT_FUNDS');
    expect([await readAccountRow(fixture.db, rich.cash.id), await readAccountRow(fixture.db, poor.cash.id)]).toEqual(before);
    expect(await getAccountBalance(fixture.db, fixture.house.id)).toEqual(houseBefore);
    expect(await fixture.db.$count(ledgerTransfers)).toBe(transfersBefore);
    // The key was not burnt by the failure: once funded, the same request goes through.
    await fixture.fund(poor.cash.id, 400n);
    const retried = await postTransfer(fixture.db, request);
    expect(retried.isReplay).toBe(false);
    expect((await readAccountRow(fixture.db, poor.cash.id)).balance).toBe(0n);
  });

  it('applies a repeated key once and returns the first result', async () => {
    const member = await fixture.createMember();
    await fixture.fund(member.cash.id, 1_000n);
    const key = fixture.uniqueKey('retry');
    const first = await bet(member.cash.id, 100n, key);
    const second = await bet(member.cash.id, 100n, key);
    expect(second.isReplay).toBe(true);
    expect(second.transfer).toEqual(first.transfer);
    expect(second.entries).toEqual(first.entries);
    expect((await readAccountRow(fixture.db, member.cash.id)).balance).toBe(900n);
  });

  it('applies the same key sent 20 times in parallel exactly once', async () => {
    const member = await fixture.createMember();
    await fixture.fund(member.cash.id, 1_000n);
    const key = fixture.uniqueKey('burst');
    const results = await Promise.all(Array.from({ length: 20 }, () => bet(member.cash.id, 70n, key)));
    expect(new Set(results.map((result) => result.transfer.id)).size).toBe(1);
    expect(results.filter((result) => !result.isReplay)).toHaveLength(1);
    expect(await readAccountRow(fixture.db, member.cash.id)).toEqual({ balance: 930n, held: 0n, version: 2 });
    const [row] = await fixture.db
      .select({ count: sql<number>`count(*)::int` })
      .from(ledgerTransfers)
      .where(sql`${ledgerTransfers.idempotencyKey} = ${key}`);
    expect(row?.count).toBe(1);
  });

  it('refuses the same key with different content as IDEMPOTENCY_CONFLICT', async () => {
    const member = await fixture.createMember();
    await fixture.fund(member.cash.id, 1_000n);
    const key = fixture.uniqueKey('conflict');
    await bet(member.cash.id, 100n, key);
    expect(await codeOf(bet(member.cash.id, 101n, key))).toBe('IDEMPOTENCY_CONFLICT');
    const otherReference = postTransfer(fixture.db, {
      merchantId: fixture.merchantId,
      idempotencyKey: key,
      type: 'bet',
      reference: { kind: 'test-bet', id: 'another' },
      entries: [
        { accountId: member.cash.id, amount: -100n },
        { accountId: fixture.house.id, amount: 100n },
      ],
    });
    expect(await codeOf(otherReference)).toBe('IDEMPOTENCY_CONFLICT');
    expect((await readAccountRow(fixture.db, member.cash.id)).balance).toBe(900n);
  });

  it('never moves value between trial and real accounts', async () => {
    const member = await fixture.createMember();
    const grant = await fixture.move(fixture.trialIssuer.id, member.trial.id, 2_000n, 'trial_grant', 'trial');
    expect(grant.isReplay).toBe(false);
    const attempts = [
      [member.trial.id, member.cash.id],
      [member.trial.id, fixture.house.id],
      [fixture.trialIssuer.id, member.cash.id],
      [fixture.cashier.id, member.trial.id],
    ] as const;
    for (const [from, to] of attempts) {
      const code = await codeOf(fixture.move(from, to, 10n, 'adjustment', 'wall'));
      expect(code).toBe('TRIAL_FORBIDDEN');
    }
    // A three-legged transfer cannot launder it either.
    const mixed = postTransfer(fixture.db, {
      merchantId: fixture.merchantId,
      idempotencyKey: fixture.uniqueKey('wall'),
      type: 'bet',
      entries: [
        { accountId: member.trial.id, amount: -10n },
        { accountId: fixture.trialIssuer.id, amount: 5n },
        { accountId: fixture.house.id, amount: 5n },
      ],
    });
    expect(await codeOf(mixed)).toBe('TRIAL_FORBIDDEN');
    expect((await readAccountRow(fixture.db, member.trial.id)).balance).toBe(2_000n);
    expect((await readAccountRow(fixture.db, member.cash.id)).balance).toBe(0n);
  });

  it('balances each currency on its own (points beside taka)', async () => {
    const member = await fixture.createMember();
    await fixture.fund(member.cash.id, 1_000n);
    await fixture.move(fixture.pointsIssuer.id, member.points.id, 50n, 'points');
    // Redeem 50 points for 5.00: two currencies, each balanced, in one atomic transfer.
    await postTransfer(fixture.db, {
      merchantId: fixture.merchantId,
      idempotencyKey: fixture.uniqueKey('redeem'),
      type: 'points_redeem',
      entries: [
        { accountId: member.points.id, amount: -50n },
        { accountId: fixture.pointsIssuer.id, amount: 50n },
        { accountId: fixture.promotion.id, amount: -500n },
        { accountId: member.cash.id, amount: 500n },
      ],
    });
    expect((await readAccountRow(fixture.db, member.cash.id)).balance).toBe(1_500n);
    expect((await readAccountRow(fixture.db, member.points.id)).balance).toBe(0n);
    // Points cannot be turned into taka one for one.
    const crossCurrency = fixture.move(fixture.pointsIssuer.id, member.cash.id, 100n, 'adjustment', 'cross');
    expect(await codeOf(crossCurrency)).toBe('LEDGER_INVALID_TRANSFER');
  });

  it('refuses malformed transfers before touching anything', async () => {
    const member = await fixture.createMember();
    await fixture.fund(member.cash.id, 1_000n);
    const base = { merchantId: fixture.merchantId, type: 'adjustment' as const };
    const cases = [
      [{ accountId: member.cash.id, amount: -10n }],
      [
        { accountId: member.cash.id, amount: -10n },
        { accountId: fixture.house.id, amount: 9n },
      ],
      [
        { accountId: member.cash.id, amount: 0n },
        { accountId: fixture.house.id, amount: 0n },
      ],
      [
        { accountId: member.cash.id, amount: -10n },
        { accountId: member.cash.id, amount: 10n },
      ],
      [
        { accountId: member.cash.id, amount: -10n },
        { accountId: 987_654_321, amount: 10n },
      ],
      [
        { accountId: member.cash.id, amount: 10 as unknown as bigint },
        { accountId: fixture.house.id, amount: -10n },
      ],
    ];
    for (const entries of cases) {
      expect(await codeOf(postTransfer(fixture.db, { ...base, idempotencyKey: fixture.uniqueKey('bad'), entries }))).toBe(
        'LEDGER_INVALID_TRANSFER',
      );
    }
    const goodEntries = [
      { accountId: member.cash.id, amount: -10n },
      { accountId: fixture.house.id, amount: 10n },
    ];
    expect(await codeOf(postTransfer(fixture.db, { ...base, idempotencyKey: '', entries: goodEntries }))).toBe('LEDGER_INVALID_TRANSFER');
    expect(await codeOf(postTransfer(fixture.db, { ...base, idempotencyKey: 'x'.repeat(201), entries: goodEntries }))).toBe(
      'LEDGER_INVALID_TRANSFER',
    );
    expect(
      await codeOf(postTransfer(fixture.db, { ...base, type: 'gift' as 'bet', idempotencyKey: fixture.uniqueKey(), entries: goodEntries })),
    ).toBe('LEDGER_INVALID_TRANSFER');
    expect((await readAccountRow(fixture.db, member.cash.id)).balance).toBe(1_000n);
  });

  it("keeps tenants apart: no transfer reaches another merchant's account", async () => {
    const member = await fixture.createMember();
    await fixture.fund(member.cash.id, 1_000n);
    const [otherMerchant] = await fixture.db
      .insert(merchants)
      .values({ code: `other-${fixture.uniqueKey('m').replaceAll(':', '-')}`, name: 'Other merchant' })
      .returning({ id: merchants.id });
    const otherHouse = await openAccount(fixture.db, { merchantId: otherMerchant!.id, code: 'HOUSE', currency: fixture.currency });
    // The member's cash to the other merchant's house, posted as `merchantId`.
    const acrossMerchants = (merchantId: number) =>
      postTransfer(fixture.db, {
        merchantId,
        idempotencyKey: fixture.uniqueKey(),
        type: 'adjustment',
        entries: [
          { accountId: member.cash.id, amount: -10n },
          { accountId: otherHouse.id, amount: 10n },
        ],
      });
    expect(await codeOf(acrossMerchants(otherMerchant!.id))).toBe('LEDGER_INVALID_TRANSFER');
    expect(await codeOf(acrossMerchants(fixture.merchantId))).toBe('LEDGER_INVALID_TRANSFER');
    expect((await readAccountRow(fixture.db, member.cash.id)).balance).toBe(1_000n);
  });

  it('joins the caller transaction: a caller rollback undoes the transfer', async () => {
    const member = await fixture.createMember();
    await fixture.fund(member.cash.id, 1_000n);
    /** A bet of the member's cash to the house, posted inside the caller's transaction `tx`. */
    const betIn = (tx: Db, amount: bigint) => fixture.moveIn(tx, member.cash.id, fixture.house.id, amount, 'bet', 'nested');
    const rolledBack = fixture.db.transaction(async (tx) => {
      await betIn(tx, 300n);
      throw new Error('the business row could not be written');
    });
    await expect(rolledBack).rejects.toThrow('business row');
    expect(await readAccountRow(fixture.db, member.cash.id)).toEqual({ balance: 1_000n, held: 0n, version: 1 });

    // A refused transfer inside a caller's transaction rolls back only its savepoint.
    await fixture.db.transaction(async (tx) => {
      expect(await codeOf(betIn(tx, 5_000n))).toBe('INSUFFICIENT_FUNDS');
      await betIn(tx, 200n);
    });
    expect(await readAccountRow(fixture.db, member.cash.id)).toEqual({ balance: 800n, held: 0n, version: 2 });
  });

  it('keeps the sum of all balances at zero in every currency', async () => {
    const totals = await sumAllBalances(fixture.db);
    expect(Object.keys(totals).length).toBeGreaterThan(0);
    for (const total of Object.values(totals)) expect(total).toBe(0n);
    expect(await verifyLedger(fixture.db)).toMatchObject({ ok: true });
  });
});
