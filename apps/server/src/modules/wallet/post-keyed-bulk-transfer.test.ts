import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ledgerEntries } from '../../db/schema/ledger';
import { codeOf, readAccountRow, useLedgerFixture } from '../../test/ledger-test-fixture';
import { bulkTransferHelpers } from './bulk-transfer-test-kit';
import { lockLegAccounts } from './leg-locks';
import { postKeyedBulkTransfer, postKeyedBulkTransferInTransaction } from './post-keyed-bulk-transfer';
import { postTransfer } from './post-transfer';
import { AccountShapeCache } from './record-transfer';

/*
 * postKeyedBulkTransfer: one transfer per key, an account several times as a running chain, in
 * set-based statements (split from post-bulk-transfer.test.ts). Each test checks what
 * postTransfer would have left for the same transfers one by one, and verifyLedger.
 */

const fixture = useLedgerFixture({ verifyAfter: true });

const { members, houseState, expectSound } = bulkTransferHelpers(() => fixture);

describe('postKeyedBulkTransfer', () => {
  it('posts one transfer per key, an account several times as a running chain, replayable by postTransfer', async () => {
    const [alice, bob] = await members(2, 1_000n);
    const key = fixture.uniqueKey('keyed');
    const legs = [
      {
        accountId: alice!.cash.id,
        amount: -300n,
        idempotencyKey: `${key}:1`,
        type: 'bet' as const,
        reference: { kind: 'vendor_round', id: '1' },
      },
      { accountId: bob!.cash.id, amount: -100n, idempotencyKey: `${key}:2`, type: 'bet' as const },
      { accountId: alice!.cash.id, amount: 500n, idempotencyKey: `${key}:3`, type: 'payout' as const, metadata: { round: 'r' } },
      { accountId: alice!.cash.id, amount: -1_200n, idempotencyKey: `${key}:4`, type: 'bet' as const },
    ];
    const posted = await postKeyedBulkTransfer(fixture.db, { merchantId: fixture.merchantId, counterAccountId: fixture.house.id, legs });
    expect(posted.map((leg) => [leg.isReplay, leg.balanceAfter])).toEqual([
      [false, 700n],
      [false, 900n],
      [false, 1_200n],
      [false, 0n],
    ]);
    expect(await readAccountRow(fixture.db, alice!.cash.id)).toMatchObject({ balance: 0n, version: 4 });
    const entries = await fixture.db.select().from(ledgerEntries).where(eq(ledgerEntries.accountId, alice!.cash.id));
    expect(entries.map((entry) => [entry.balanceAfter, entry.accountVersion]).sort((a, b) => Number(a[1]) - Number(b[1]))).toEqual([
      [1_000n, 1],
      [700n, 2],
      [1_200n, 3],
      [0n, 4],
    ]);
    // The same key through postTransfer is a replay of the bulk-posted transfer (same request hash).
    const again = await postTransfer(fixture.db, {
      merchantId: fixture.merchantId,
      idempotencyKey: `${key}:1`,
      type: 'bet',
      reference: { kind: 'vendor_round', id: '1' },
      entries: [
        { accountId: alice!.cash.id, amount: -300n },
        { accountId: fixture.house.id, amount: 300n },
      ],
    });
    expect(again.isReplay).toBe(true);
    expect(again.transfer.id).toBe(posted[0]!.transferId);
    // Keyed again with the account cache: all replays, nothing moves; other content is a conflict.
    const cache = new AccountShapeCache();
    const replay = await postKeyedBulkTransfer(
      fixture.db,
      { merchantId: fixture.merchantId, counterAccountId: fixture.house.id, legs },
      undefined,
      { accountCache: cache },
    );
    expect(replay.every((leg) => leg.isReplay)).toBe(true);
    expect(
      await codeOf(
        postKeyedBulkTransfer(fixture.db, {
          merchantId: fixture.merchantId,
          counterAccountId: fixture.house.id,
          legs: [{ ...legs[1]!, amount: -101n }],
        }),
      ),
    ).toBe('IDEMPOTENCY_CONFLICT');
    expect(cache.get(alice!.cash.id)).toMatchObject({ isHot: false, merchantId: fixture.merchantId });
    await expectSound();
  });

  it('refuses the whole call when one account would go below its holds at any step', async () => {
    const [carol] = await members(1, 500n);
    const key = fixture.uniqueKey('keyed-short');
    const houseBefore = await houseState();
    const code = await codeOf(
      postKeyedBulkTransfer(fixture.db, {
        merchantId: fixture.merchantId,
        counterAccountId: fixture.house.id,
        legs: [
          { accountId: carol!.cash.id, amount: -400n, idempotencyKey: `${key}:1`, type: 'bet' },
          { accountId: carol!.cash.id, amount: -200n, idempotencyKey: `${key}:2`, type: 'bet' },
          { accountId: carol!.cash.id, amount: 1_000n, idempotencyKey: `${key}:3`, type: 'payout' },
        ],
      }),
    );
    expect(code).toBe('INSUFFICIENT_FUNDS');
    expect(await readAccountRow(fixture.db, carol!.cash.id)).toMatchObject({ balance: 500n, version: 1 });
    expect(await houseState()).toBe(houseBefore);
    await expectSound();
  });

  it('in one statement when legs are locked and the counter hot; falls back step by step on a replayed key', async () => {
    const [dan, eve] = await members(2, 1_000n);
    const key = fixture.uniqueKey('keyed-fast');
    const cache = new AccountShapeCache();
    const lockAndPost = (legs: Parameters<typeof postKeyedBulkTransfer>[1]['legs']) =>
      fixture.db.transaction(async (tx) => {
        const locks = await lockLegAccounts(tx, [dan!.cash.id, eve!.cash.id]);
        return postKeyedBulkTransferInTransaction(
          tx,
          { merchantId: fixture.merchantId, counterAccountId: fixture.house.id, legs },
          new Date(),
          {
            accountCache: cache,
            locks,
          },
        );
      });
    const first = await lockAndPost([
      { accountId: dan!.cash.id, amount: -250n, idempotencyKey: `${key}:1`, type: 'bet' },
      { accountId: eve!.cash.id, amount: 40n, idempotencyKey: `${key}:2`, type: 'payout' },
      { accountId: dan!.cash.id, amount: -750n, idempotencyKey: `${key}:3`, type: 'bet' },
    ]);
    expect(first.map((leg) => [leg.isReplay, leg.balanceAfter])).toEqual([
      [false, 750n],
      [false, 1_040n],
      [false, 0n],
    ]);
    // One key seen before: it replays, the new one posts (the step-by-step path).
    const second = await lockAndPost([
      { accountId: dan!.cash.id, amount: -250n, idempotencyKey: `${key}:1`, type: 'bet' },
      { accountId: eve!.cash.id, amount: -1_040n, idempotencyKey: `${key}:4`, type: 'bet' },
    ]);
    expect(second.map((leg) => [leg.isReplay, leg.transferId === first[0]!.transferId, leg.balanceAfter])).toEqual([
      [true, true, null],
      [false, false, 0n],
    ]);
    // A debit beyond the balance at its step refuses everything.
    expect(await codeOf(lockAndPost([{ accountId: dan!.cash.id, amount: -1n, idempotencyKey: `${key}:5`, type: 'bet' }]))).toBe(
      'INSUFFICIENT_FUNDS',
    );
    expect(await readAccountRow(fixture.db, dan!.cash.id)).toMatchObject({ balance: 0n, version: 3 });
    expect(await readAccountRow(fixture.db, eve!.cash.id)).toMatchObject({ balance: 0n, version: 3 });
    await expectSound();
  });

  it("skips its lock statements only with the wallet's handle of this transaction covering every leg", async () => {
    const [fay, gus] = await members(2, 1_000n);
    const key = fixture.uniqueKey('keyed-locks');
    const request = {
      merchantId: fixture.merchantId,
      counterAccountId: fixture.house.id,
      legs: [
        { accountId: fay!.cash.id, amount: -100n, idempotencyKey: `${key}:1`, type: 'bet' as const },
        { accountId: gus!.cash.id, amount: -100n, idempotencyKey: `${key}:2`, type: 'bet' as const },
      ],
    };
    // A handle missing a leg: that leg's row would move without its lock (a racing debit could overdraw it).
    await expect(
      fixture.db.transaction(async (tx) => {
        const locks = await lockLegAccounts(tx, [fay!.cash.id]);
        return postKeyedBulkTransferInTransaction(tx, request, new Date(), { locks });
      }),
    ).rejects.toThrow(/not locked/);
    // A handle of a transaction that has ended: its locks are not held by this one.
    const ended = await fixture.db.transaction((tx) => lockLegAccounts(tx, [fay!.cash.id, gus!.cash.id]));
    await expect(
      fixture.db.transaction((tx) => postKeyedBulkTransferInTransaction(tx, request, new Date(), { locks: ended })),
    ).rejects.toThrow(/another transaction/);
    expect(await readAccountRow(fixture.db, fay!.cash.id)).toMatchObject({ balance: 1_000n, version: 1 });
    expect(await readAccountRow(fixture.db, gus!.cash.id)).toMatchObject({ balance: 1_000n, version: 1 });
    await expectSound();
  });

  it('the lock handle holds the single debit guard over the running available balance', async () => {
    const [hal] = await members(1, 300n);
    await fixture.db.transaction(async (tx) => {
      const locks = await lockLegAccounts(tx, [hal!.cash.id]);
      expect(locks.available(hal!.cash.id)).toBe(300n);
      expect(locks.tryMove(hal!.cash.id, -200n)).toBe(true);
      // Refused, and nothing counted: the next affordable debit still passes.
      expect(locks.tryMove(hal!.cash.id, -200n)).toBe(false);
      expect(locks.available(hal!.cash.id)).toBe(100n);
      expect(locks.tryMove(hal!.cash.id, -100n)).toBe(true);
      expect(locks.tryMove(hal!.cash.id, 50n)).toBe(true);
      expect(locks.available(hal!.cash.id)).toBe(50n);
    });
  });
});
