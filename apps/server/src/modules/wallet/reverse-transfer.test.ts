import { describe, expect, it } from 'vitest';
import { codeOf, readAccountRow, useLedgerFixture } from '../../test/ledger-test-fixture';
import { getAccountBalance } from './get-account-balance';
import { postTransfer } from './post-transfer';
import { reverseTransfer } from './reverse-transfer';
import { verifyLedger } from './verify-ledger';

const fixture = useLedgerFixture();

function payout(memberCashId: number, amount: bigint) {
  return postTransfer(fixture.db, {
    merchantId: fixture.merchantId,
    idempotencyKey: fixture.uniqueKey('payout'),
    type: 'payout',
    reference: { kind: 'round', id: fixture.uniqueKey('round') },
    entries: [
      { accountId: fixture.house.id, amount: -amount },
      { accountId: memberCashId, amount },
    ],
  });
}

describe('reverseTransfer', () => {
  it('posts a new transfer with negated entries, linked to the original', async () => {
    const member = await fixture.createMember();
    const houseBefore = (await getAccountBalance(fixture.db, fixture.house.id)).balance;
    const original = await payout(member.cash.id, 900n);
    const reversal = await reverseTransfer(fixture.db, { merchantId: fixture.merchantId, transferId: original.transfer.id });
    expect(reversal.isReplay).toBe(false);
    expect(reversal.transfer).toMatchObject({
      type: 'reversal',
      reversalOf: original.transfer.id,
      referenceKind: 'round',
      referenceId: original.transfer.referenceId,
    });
    expect(reversal.entries.map((entry) => [entry.accountId, entry.amount])).toEqual(
      original.entries.map((entry) => [entry.accountId, -entry.amount]),
    );
    // The original is untouched: history is never edited.
    expect(await readAccountRow(fixture.db, member.cash.id)).toEqual({ balance: 0n, held: 0n, version: 2 });
    expect((await getAccountBalance(fixture.db, fixture.house.id)).balance).toBe(houseBefore);
  });

  it('reverses once: the same call replays, another key is refused, a reversal is not reversed', async () => {
    const member = await fixture.createMember();
    const original = await payout(member.cash.id, 500n);
    const first = await reverseTransfer(fixture.db, { merchantId: fixture.merchantId, transferId: original.transfer.id });
    const again = await reverseTransfer(fixture.db, { merchantId: fixture.merchantId, transferId: original.transfer.id });
    expect(again.isReplay).toBe(true);
    expect(again.transfer.id).toBe(first.transfer.id);
    const otherKey = reverseTransfer(fixture.db, {
      merchantId: fixture.merchantId,
      transferId: original.transfer.id,
      idempotencyKey: 'other',
    });
    expect(await codeOf(otherKey)).toBe('TRANSFER_ALREADY_REVERSED');
    expect(await codeOf(reverseTransfer(fixture.db, { merchantId: fixture.merchantId, transferId: first.transfer.id }))).toBe(
      'LEDGER_INVALID_TRANSFER',
    );
    expect(await codeOf(reverseTransfer(fixture.db, { merchantId: fixture.merchantId, transferId: 999_999_999 }))).toBe('NOT_FOUND');
    expect(await readAccountRow(fixture.db, member.cash.id)).toEqual({ balance: 0n, held: 0n, version: 2 });
  });

  it('reverses exactly once when 10 reversals with different keys race', async () => {
    const member = await fixture.createMember();
    const original = await payout(member.cash.id, 300n);
    const outcomes = await Promise.all(
      Array.from({ length: 10 }, (_unused, index) =>
        codeOf(
          reverseTransfer(fixture.db, {
            merchantId: fixture.merchantId,
            transferId: original.transfer.id,
            idempotencyKey: `race-${original.transfer.id}-${index}`,
            type: 'rollback',
          }),
        ),
      ),
    );
    expect(outcomes.filter((outcome) => outcome === 'OK')).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome === 'TRANSFER_ALREADY_REVERSED')).toHaveLength(9);
    expect(await readAccountRow(fixture.db, member.cash.id)).toEqual({ balance: 0n, held: 0n, version: 2 });
  });

  it('fails like any transfer when the member already spent the money, changing nothing', async () => {
    const member = await fixture.createMember();
    const original = await payout(member.cash.id, 1_000n);
    await fixture.move(member.cash.id, fixture.house.id, 800n, 'bet');
    expect(await codeOf(reverseTransfer(fixture.db, { merchantId: fixture.merchantId, transferId: original.transfer.id }))).toBe(
      'INSUFFICIENT_FUNDS',
    );
    expect(await readAccountRow(fixture.db, member.cash.id)).toEqual({ balance: 200n, held: 0n, version: 2 });
    expect((await verifyLedger(fixture.db)).ok).toBe(true);
  });
});
