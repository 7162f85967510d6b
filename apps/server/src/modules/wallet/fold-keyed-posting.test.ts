import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ledgerEntries } from '../../db/schema/ledger';
import { rowsOf } from '../../platform/sql-values';
import { readAccountRow, useLedgerFixture } from '../../test/ledger-test-fixture';
import { bulkTransferHelpers } from './bulk-transfer-test-kit';
import { foldKeyedPosting } from './fold-keyed-posting';
import { lockLegAccounts } from './leg-locks';
import { postTransfer } from './post-transfer';
import { AccountShapeCache } from './record-transfer';

/*
 * foldKeyedPosting: a keyed posting placed as WITH parts in a caller's statement (the slot spin's
 * bet and payout with its round). The same transfers postTransfer would store (it replays them),
 * all or nothing with the caller's statement, and a sound ledger.
 */

const fixture = useLedgerFixture();

const { members, expectSound } = bulkTransferHelpers(() => fixture);

function spinLegs(accountId: number, key: string, bet: bigint, payout: bigint) {
  const reference = { kind: 'slot_round', id: key };
  return [
    { accountId, amount: -bet, idempotencyKey: `${key}:bet`, type: 'bet' as const, reference, metadata: { nonce: 1 } },
    ...(payout > 0n ? [{ accountId, amount: payout, idempotencyKey: `${key}:payout`, type: 'payout' as const, reference }] : []),
  ];
}

async function postFolded(accountId: number, key: string, bet: bigint, payout: bigint) {
  const cache = new AccountShapeCache();
  return fixture.db.transaction(async (tx) => {
    const locks = await lockLegAccounts(tx, [accountId]);
    const legs = spinLegs(accountId, key, bet, payout);
    const posting = await foldKeyedPosting(tx, { merchantId: fixture.merchantId, counterAccountId: fixture.house.id, legs }, new Date(), {
      locks,
      accountCache: cache,
    });
    // The caller's own part reads the transfer id the same statement claims.
    const [row] = rowsOf<{ answer: unknown; bet_transfer: unknown }>(
      await tx.execute(sql`WITH ${posting.parts}, caller AS (SELECT ${posting.transferIdSql(`${key}:bet`)} AS bet_transfer)
        SELECT ${posting.answerSql} AS answer, (SELECT bet_transfer FROM caller) AS bet_transfer`),
    );
    return { results: posting.results(row?.answer), betTransfer: Number(row?.bet_transfer) };
  });
}

describe('foldKeyedPosting', () => {
  it('posts the bet and the payout in the caller statement, as the transfers postTransfer would store', async () => {
    const [alice] = await members(1, 1_000n);
    const key = fixture.uniqueKey('spin');
    const { results, betTransfer } = await postFolded(alice!.cash.id, key, 300n, 700n);
    expect(results.map((leg) => [leg.isReplay, leg.balanceAfter])).toEqual([
      [false, 700n],
      [false, 1_400n],
    ]);
    expect(betTransfer).toBe(results[0]!.transferId);
    expect(await readAccountRow(fixture.db, alice!.cash.id)).toMatchObject({ balance: 1_400n, version: 3 });
    const entries = await fixture.db.select().from(ledgerEntries).where(eq(ledgerEntries.accountId, alice!.cash.id));
    expect(
      entries.map((entry) => [entry.amount, entry.balanceAfter, entry.accountVersion]).sort((a, b) => Number(a[2]) - Number(b[2])),
    ).toEqual([
      [1_000n, 1_000n, 1],
      [-300n, 700n, 2],
      [700n, 1_400n, 3],
    ]);
    // The same key through postTransfer replays the folded transfer (same request hash).
    const again = await postTransfer(fixture.db, {
      merchantId: fixture.merchantId,
      idempotencyKey: `${key}:bet`,
      type: 'bet',
      reference: { kind: 'slot_round', id: key },
      entries: [
        { accountId: alice!.cash.id, amount: -300n },
        { accountId: fixture.house.id, amount: 300n },
      ],
    });
    expect(again.isReplay).toBe(true);
    expect(again.transfer.id).toBe(results[0]!.transferId);
    await expectSound();
  });

  it('refuses an overdraft and a key posted before, leaving nothing behind', async () => {
    const [bob] = await members(1, 100n);
    const key = fixture.uniqueKey('spin');
    await expect(postFolded(bob!.cash.id, key, 200n, 0n)).rejects.toMatchObject({ code: 'INSUFFICIENT_FUNDS' });
    expect(await readAccountRow(fixture.db, bob!.cash.id)).toMatchObject({ balance: 100n, version: 1 });
    const posted = await postFolded(bob!.cash.id, key, 100n, 0n);
    expect(posted.results[0]!.balanceAfter).toBe(0n);
    await expect(postFolded(bob!.cash.id, key, 100n, 0n)).rejects.toThrow(/posted before/);
    expect(await readAccountRow(fixture.db, bob!.cash.id)).toMatchObject({ balance: 0n, version: 2 });
    await expectSound();
  });

  it('keeps every spin when all of them share the hot counter at once', async () => {
    const players = await members(12, 10_000n);
    await Promise.all(players.map((player, index) => postFolded(player.cash.id, fixture.uniqueKey(`par${index}`), 100n, 250n)));
    for (const player of players) expect(await readAccountRow(fixture.db, player.cash.id)).toMatchObject({ balance: 10_150n, version: 3 });
    await expectSound();
  });

  it('refuses leg rows the caller did not lock through the wallet', async () => {
    const [carol, dave] = await members(2, 1_000n);
    await expect(
      fixture.db.transaction(async (tx) => {
        const locks = await lockLegAccounts(tx, [carol!.cash.id]);
        const legs = spinLegs(dave!.cash.id, fixture.uniqueKey('spin'), 100n, 0n);
        return foldKeyedPosting(tx, { merchantId: fixture.merchantId, counterAccountId: fixture.house.id, legs }, new Date(), {
          locks,
          accountCache: new AccountShapeCache(),
        });
      }),
    ).rejects.toThrow(/not locked/);
  });
});
