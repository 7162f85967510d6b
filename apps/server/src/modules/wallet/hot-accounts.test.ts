import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { DbOrTx } from '../../platform/db';
import { rowsOf, toBigInt } from '../../platform/sql-values';
import { readAccountRow, sumAllBalances, useLedgerFixture } from '../../test/ledger-test-fixture';
import { getAccountBalance } from './get-account-balance';
import type { PostedTransfer } from './ledger-model';
import { openAccount } from './open-account';
import { verifyLedger } from './verify-ledger';

// Holding one transaction open while another runs needs two connections; PGlite has one.
const onPostgres = Boolean(process.env.DATABASE_URL);

const fixture = useLedgerFixture();

function transferBetween(db: DbOrTx, from: number, to: number, amount: bigint) {
  return fixture.moveIn(db, from, to, amount, 'bet', 'hot');
}

/** Runs a transfer in a transaction that stays open until `release()` is called. */
async function holdOpen(from: number, to: number, amount: bigint) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let signalPosted!: (posted: PostedTransfer) => void;
  const posted = new Promise<PostedTransfer>((resolve) => {
    signalPosted = resolve;
  });
  const finished = fixture.db.transaction(async (tx) => {
    signalPosted(await transferBetween(tx, from, to, amount));
    await released;
  });
  return { posted: await posted, release, finished };
}

async function settlesWithin<T>(promise: Promise<T>, milliseconds: number): Promise<boolean> {
  return Promise.race([promise.then(() => true), sleep(milliseconds).then(() => false)]);
}

describe('hot system accounts', () => {
  it.skipIf(!onPostgres)('let member B bet against the house while member A holds a house transfer open', async () => {
    const [alice, bob] = [await fixture.createMember(), await fixture.createMember()];
    await fixture.fund(alice.cash.id, 1_000n);
    await fixture.fund(bob.cash.id, 1_000n);

    const open = await holdOpen(alice.cash.id, fixture.house.id, 100n);
    try {
      // Alice's row really is locked by the open transaction...
      const probe = fixture.db.transaction(async (tx) => {
        await tx.execute(sql`SET LOCAL lock_timeout = '200ms'`);
        await tx.execute(sql`SELECT 1 FROM ledger_accounts WHERE id = ${alice.cash.id} FOR UPDATE`);
      });
      await expect(probe).rejects.toThrow();
      // ...yet Bob's transfer through the same house account completes meanwhile.
      const bobBet = transferBetween(fixture.db, bob.cash.id, fixture.house.id, 100n);
      expect(await settlesWithin(bobBet, 5_000)).toBe(true);
      const houseShard = (posted: PostedTransfer) => posted.entries.find((entry) => entry.accountId === fixture.house.id)!.shard;
      expect(houseShard(await bobBet)).not.toBe(houseShard(open.posted));
    } finally {
      open.release();
      await open.finished;
    }
    expect((await readAccountRow(fixture.db, alice.cash.id)).balance).toBe(900n);
    expect((await readAccountRow(fixture.db, bob.cash.id)).balance).toBe(900n);
  });

  it.skipIf(!onPostgres)('control: a shared cold account does make the second transfer wait (so the test above can fail)', async () => {
    const [alice, bob, carol] = [await fixture.createMember(), await fixture.createMember(), await fixture.createMember()];
    await fixture.fund(alice.cash.id, 1_000n);
    await fixture.fund(bob.cash.id, 1_000n);
    const open = await holdOpen(alice.cash.id, carol.cash.id, 100n);
    const bobToCarol = transferBetween(fixture.db, bob.cash.id, carol.cash.id, 100n);
    try {
      expect(await settlesWithin(bobToCarol, 500)).toBe(false);
    } finally {
      open.release();
      await open.finished;
    }
    await bobToCarol;
    expect((await readAccountRow(fixture.db, carol.cash.id)).balance).toBe(200n);
  });

  it.skipIf(!onPostgres)('wait for a shard only when every shard is busy, then complete', async () => {
    const oneShard = await openAccount(fixture.db, {
      merchantId: fixture.merchantId,
      code: 'VENDOR_CLEARING',
      subkey: 'single-shard',
      currency: fixture.currency,
      shardCount: 1,
    });
    const [alice, bob] = [await fixture.createMember(), await fixture.createMember()];
    await fixture.fund(alice.cash.id, 1_000n);
    await fixture.fund(bob.cash.id, 1_000n);
    const open = await holdOpen(alice.cash.id, oneShard.id, 100n);
    const bobBet = transferBetween(fixture.db, bob.cash.id, oneShard.id, 100n);
    try {
      expect(await settlesWithin(bobBet, 300)).toBe(false);
    } finally {
      open.release();
      await open.finished;
    }
    const posted = await bobBet;
    expect(posted.entries.find((entry) => entry.accountId === oneShard.id)).toMatchObject({
      shard: 1,
      balanceAfter: 200n,
      accountVersion: 2,
    });
  });

  it('spread concurrent bets of many members over the shards and keep the balance exact', async () => {
    const members = await Promise.all(Array.from({ length: 12 }, () => fixture.createMember()));
    for (const member of members) await fixture.fund(member.cash.id, 500n);
    const houseBefore = await getAccountBalance(fixture.db, fixture.house.id);
    const bets = await Promise.all(
      members.flatMap((member) => [1n, 2n, 3n].map((amount) => transferBetween(fixture.db, member.cash.id, fixture.house.id, amount))),
    );
    const houseAfter = await getAccountBalance(fixture.db, fixture.house.id);
    expect(houseAfter.balance - houseBefore.balance).toBe(12n * 6n);
    expect(houseAfter.version - houseBefore.version).toBe(36);
    const shardsUsed = new Set(bets.map((posted) => posted.entries.find((entry) => entry.accountId === fixture.house.id)!.shard));
    expect(shardsUsed.size).toBeGreaterThan(1);

    // The hot account row itself is never written: its balance lives in the shards only.
    expect(await readAccountRow(fixture.db, fixture.house.id)).toEqual({ balance: 0n, held: 0n, version: 0 });
    const [sums] = rowsOf<{ entries: unknown; shards: unknown }>(
      await fixture.db.execute(sql`SELECT (SELECT sum(amount) FROM ledger_entries WHERE account_id = ${fixture.house.id}) AS entries,
                                          (SELECT sum(balance) FROM ledger_account_shards WHERE account_id = ${fixture.house.id}) AS shards`),
    );
    expect(toBigInt(sums?.shards)).toBe(toBigInt(sums?.entries));
    expect(houseAfter.balance).toBe(toBigInt(sums?.entries));
    expect((await verifyLedger(fixture.db)).ok).toBe(true);
    for (const total of Object.values(await sumAllBalances(fixture.db))) expect(total).toBe(0n);
  });
});
