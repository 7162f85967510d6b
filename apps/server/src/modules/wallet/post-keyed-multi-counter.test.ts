import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ledgerEntries } from '../../db/schema/ledger';
import { codeOf, readAccountRow, useLedgerFixture } from '../../test/ledger-test-fixture';
import { bulkTransferHelpers } from './bulk-transfer-test-kit';
import { type KeyedMultiCounterRequest, postKeyedMultiCounterInTransaction } from './post-keyed-multi-counter';
import { postTransfer } from './post-transfer';

/*
 * postKeyedMultiCounterInTransaction: many keyed transfers, each group against its own cold
 * counter, in two statements. Each test checks what postTransfer would have left for the same
 * transfers one by one (balances, versions, each account's running chain, a replay by key), that
 * a refused call leaves nothing, and verifyLedger.
 */

const fixture = useLedgerFixture({ verifyAfter: true });

const { members, expectSound } = bulkTransferHelpers(() => fixture);

const post = (request: Omit<KeyedMultiCounterRequest, 'merchantId'>) =>
  fixture.db.transaction((tx) => postKeyedMultiCounterInTransaction(tx, { merchantId: fixture.merchantId, ...request }, new Date()));

describe('postKeyedMultiCounterInTransaction', () => {
  it('posts every group against its own counter, each account as a running chain, replayable by postTransfer', async () => {
    const [ann, ben, cat, dov] = await members(4, 1_000n);
    const key = fixture.uniqueKey('multi');
    const posted = await post({
      groups: [
        {
          counterAccountId: ann!.cash.id,
          legs: [
            {
              accountId: ben!.cash.id,
              amount: 100n,
              idempotencyKey: `${key}:1`,
              type: 'salary',
              reference: { kind: 'agent_bill', id: '1' },
            },
            { accountId: cat!.cash.id, amount: 50n, idempotencyKey: `${key}:2`, type: 'salary' },
            { accountId: ben!.cash.id, amount: 20n, idempotencyKey: `${key}:3`, type: 'dividend', metadata: { contractId: 3 } },
          ],
        },
        { counterAccountId: dov!.cash.id, legs: [{ accountId: cat!.cash.id, amount: 30n, idempotencyKey: `${key}:4`, type: 'salary' }] },
      ],
    });
    expect(posted.map((group) => group.map((leg) => [leg.isReplay, leg.balanceAfter]))).toEqual([
      [
        [false, 1_100n],
        [false, 1_050n],
        [false, 1_120n],
      ],
      [[false, 1_080n]],
    ]);
    expect(new Set(posted.flat().map((leg) => leg.transferId)).size).toBe(4);
    expect(await readAccountRow(fixture.db, ann!.cash.id)).toMatchObject({ balance: 830n, version: 4 });
    expect(await readAccountRow(fixture.db, ben!.cash.id)).toMatchObject({ balance: 1_120n, version: 3 });
    expect(await readAccountRow(fixture.db, cat!.cash.id)).toMatchObject({ balance: 1_080n, version: 3 });
    expect(await readAccountRow(fixture.db, dov!.cash.id)).toMatchObject({ balance: 970n, version: 2 });
    const chainOf = async (accountId: number) =>
      (await fixture.db.select().from(ledgerEntries).where(eq(ledgerEntries.accountId, accountId)))
        .map((entry) => [entry.accountVersion, entry.amount, entry.balanceAfter])
        .sort((left, right) => Number(left[0]) - Number(right[0]));
    expect(await chainOf(ann!.cash.id)).toEqual([
      [1, 1_000n, 1_000n],
      [2, -100n, 900n],
      [3, -50n, 850n],
      [4, -20n, 830n],
    ]);
    expect(await chainOf(cat!.cash.id)).toEqual([
      [1, 1_000n, 1_000n],
      [2, 50n, 1_050n],
      [3, 30n, 1_080n],
    ]);
    // The same key through postTransfer is a replay of the posted transfer (same request hash).
    const again = await postTransfer(fixture.db, {
      merchantId: fixture.merchantId,
      idempotencyKey: `${key}:1`,
      type: 'salary',
      reference: { kind: 'agent_bill', id: '1' },
      entries: [
        { accountId: ben!.cash.id, amount: 100n },
        { accountId: ann!.cash.id, amount: -100n },
      ],
    });
    expect(again.isReplay).toBe(true);
    expect(again.transfer.id).toBe(posted[0]![0]!.transferId);
    await expectSound();
  });

  it('refuses the whole call, nothing moved, on a short counter, a key posted before, or an account on both sides', async () => {
    const [eli, fen, gil] = await members(3, 500n);
    const key = fixture.uniqueKey('multi-refused');
    const states = async () => Promise.all([eli, fen, gil].map((member) => readAccountRow(fixture.db, member!.cash.id)));
    const before = await states();
    // fen pays 300 then 300 from 500: short at its second step, though gil's group is fine.
    expect(
      await codeOf(
        post({
          groups: [
            {
              counterAccountId: gil!.cash.id,
              legs: [{ accountId: eli!.cash.id, amount: 10n, idempotencyKey: `${key}:1`, type: 'salary' }],
            },
            {
              counterAccountId: fen!.cash.id,
              legs: [
                { accountId: eli!.cash.id, amount: 300n, idempotencyKey: `${key}:2`, type: 'salary' },
                { accountId: eli!.cash.id, amount: 300n, idempotencyKey: `${key}:3`, type: 'salary' },
              ],
            },
          ],
        }),
      ),
    ).toBe('INSUFFICIENT_FUNDS');
    expect(await states()).toEqual(before);
    // A key posted before (here by postTransfer): the call throws and its transaction rolls back whole.
    await postTransfer(fixture.db, {
      merchantId: fixture.merchantId,
      idempotencyKey: `${key}:4`,
      type: 'salary',
      entries: [
        { accountId: eli!.cash.id, amount: 5n },
        { accountId: gil!.cash.id, amount: -5n },
      ],
    });
    const posted = await states();
    await expect(
      post({
        groups: [
          {
            counterAccountId: gil!.cash.id,
            legs: [
              { accountId: fen!.cash.id, amount: 7n, idempotencyKey: `${key}:5`, type: 'salary' },
              { accountId: eli!.cash.id, amount: 5n, idempotencyKey: `${key}:4`, type: 'salary' },
            ],
          },
        ],
      }),
    ).rejects.toThrow(/posted before/);
    expect(await states()).toEqual(posted);
    // An account that is a counter and a leg, a hot counter: refused before anything is written.
    expect(
      await codeOf(
        post({
          groups: [
            { counterAccountId: gil!.cash.id, legs: [{ accountId: eli!.cash.id, amount: 1n, idempotencyKey: `${key}:6`, type: 'salary' }] },
            { counterAccountId: eli!.cash.id, legs: [{ accountId: fen!.cash.id, amount: 1n, idempotencyKey: `${key}:7`, type: 'salary' }] },
          ],
        }),
      ),
    ).toBe('LEDGER_INVALID_TRANSFER');
    expect(
      await codeOf(
        post({
          groups: [
            {
              counterAccountId: fixture.house.id,
              legs: [{ accountId: eli!.cash.id, amount: 1n, idempotencyKey: `${key}:8`, type: 'salary' }],
            },
          ],
        }),
      ),
    ).toBe('LEDGER_INVALID_TRANSFER');
    expect(await states()).toEqual(posted);
    await expectSound();
  });
});
