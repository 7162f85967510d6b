import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ledgerEntries, ledgerTransfers } from '../../db/schema/ledger';
import { useLedgerFixture } from '../../test/ledger-test-fixture';
import { verifyLedger } from './verify-ledger';

const fixture = useLedgerFixture();

/** The database's own words behind Drizzle's "Failed query" wrapper ('' when it did not fail). */
async function refusal(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
    return '';
  } catch (error) {
    let current: unknown = error;
    while (current instanceof Error && current.cause instanceof Error) current = current.cause;
    return current instanceof Error ? current.message : String(current);
  }
}

describe('database guards behind the code', () => {
  it('refuses to edit or delete entries and transfers', async () => {
    const member = await fixture.createMember();
    const funded = await fixture.fund(member.cash.id, 100n);
    const entryId = funded.entries[0]!.id;
    await expect(fixture.db.execute(sql`UPDATE ledger_entries SET amount = amount + 1 WHERE id = ${entryId}`)).rejects.toThrow();
    await expect(fixture.db.execute(sql`DELETE FROM ledger_entries WHERE id = ${entryId}`)).rejects.toThrow();
    await expect(fixture.db.execute(sql`UPDATE ledger_transfers SET type = 'bonus' WHERE id = ${funded.transfer.id}`)).rejects.toThrow();
    await expect(fixture.db.execute(sql`TRUNCATE ledger_entries CASCADE`)).rejects.toThrow();
    await expect(fixture.db.execute(sql`UPDATE ledger_accounts SET is_trial = true WHERE id = ${member.cash.id}`)).rejects.toThrow();
  });

  it('refuses at commit a transfer whose entries do not sum to zero, mix realms, or are missing', async () => {
    const member = await fixture.createMember();
    const insertTransfer = (key: string) =>
      fixture.db.execute(sql`INSERT INTO ledger_transfers (merchant_id, type, idempotency_key, request_hash)
                             VALUES (${fixture.merchantId}, 'adjustment', ${key}, 'x') RETURNING id`);
    const unbalanced = fixture.db.transaction(async (tx) => {
      const [transfer] = await tx
        .insert(ledgerTransfers)
        .values({ merchantId: fixture.merchantId, type: 'adjustment', idempotencyKey: fixture.uniqueKey('raw'), requestHash: 'x' })
        .returning();
      await tx.insert(ledgerEntries).values([
        { transferId: transfer!.id, accountId: member.cash.id, amount: 10n, balanceAfter: 10n, accountVersion: 1 },
        { transferId: transfer!.id, accountId: member.bonus.id, amount: -9n, balanceAfter: -9n, accountVersion: 1 },
      ]);
    });
    expect(await refusal(unbalanced)).toMatch(/does not sum to zero/);
    const mixedRealm = fixture.db.transaction(async (tx) => {
      const [transfer] = await tx
        .insert(ledgerTransfers)
        .values({ merchantId: fixture.merchantId, type: 'adjustment', idempotencyKey: fixture.uniqueKey('raw'), requestHash: 'x' })
        .returning();
      await tx.insert(ledgerEntries).values([
        { transferId: transfer!.id, accountId: fixture.trialIssuer.id, shard: 1, amount: -10n, balanceAfter: -10n, accountVersion: 99 },
        { transferId: transfer!.id, accountId: fixture.house.id, shard: 1, amount: 10n, balanceAfter: 10n, accountVersion: 99 },
      ]);
    });
    expect(await refusal(mixedRealm)).toMatch(/mixes trial and real/);
    expect(await refusal(insertTransfer(fixture.uniqueKey('empty')))).toMatch(/has no entries/);
    expect((await verifyLedger(fixture.db)).ok).toBe(true);
  });

  it('checks a transfer whole after each statement: entries split over statements or added later are refused', async () => {
    const member = await fixture.createMember();
    const insertEntry = (tx: Pick<typeof fixture.db, 'insert'>, transferId: number, accountId: number, amount: bigint) =>
      tx.insert(ledgerEntries).values({ transferId, accountId, amount, balanceAfter: amount, accountVersion: 1 });
    // The check runs per statement: a transfer is never half-written between two statements.
    const split = fixture.db.transaction(async (tx) => {
      const [transfer] = await tx
        .insert(ledgerTransfers)
        .values({ merchantId: fixture.merchantId, type: 'adjustment', idempotencyKey: fixture.uniqueKey('raw'), requestHash: 'x' })
        .returning();
      await insertEntry(tx, transfer!.id, member.cash.id, 10n);
      await insertEntry(tx, transfer!.id, member.bonus.id, -10n);
    });
    expect(await refusal(split)).toMatch(/does not sum to zero/);
    // A posted transfer cannot be unbalanced afterwards by appending an entry to it.
    const funded = await fixture.fund(member.cash.id, 100n);
    expect(await refusal(insertEntry(fixture.db, funded.transfer.id, member.bonus.id, 5n))).toMatch(/does not sum to zero/);
    // Many transfers in one statement: one bad one refuses the statement, naming it.
    const threeTransfers = () =>
      [1, 2, 3].map(() => ({
        merchantId: fixture.merchantId,
        type: 'adjustment' as const,
        idempotencyKey: fixture.uniqueKey('raw'),
        requestHash: 'x',
      }));
    const transfers = fixture.db.insert(ledgerTransfers).values(threeTransfers()).returning();
    // Without entries the transfers themselves are refused at commit (each statement is its own transaction here).
    expect(await refusal(transfers)).toMatch(/has no entries/);
    const many = fixture.db.transaction(async (tx) => {
      const rows = await tx.insert(ledgerTransfers).values(threeTransfers()).returning();
      await tx.insert(ledgerEntries).values(
        rows.flatMap((row, index) => [
          { transferId: row.id, accountId: member.bonus.id, shard: 0, amount: 7n, balanceAfter: 7n, accountVersion: 10 + index },
          {
            transferId: row.id,
            accountId: fixture.house.id,
            shard: 1,
            amount: index === 1 ? -6n : -7n,
            balanceAfter: -7n,
            accountVersion: 90 + index,
          },
        ]),
      );
      return rows[1]!.id;
    });
    expect(await refusal(many)).toMatch(/transfer \d+ does not sum to zero/);
    expect((await verifyLedger(fixture.db)).ok).toBe(true);
  });

  it('refuses a member balance below zero even from a hand-written statement', async () => {
    const member = await fixture.createMember();
    await expect(fixture.db.execute(sql`UPDATE ledger_accounts SET balance = -1 WHERE id = ${member.cash.id}`)).rejects.toThrow();
  });
});
