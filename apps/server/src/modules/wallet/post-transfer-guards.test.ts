import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerEntries, ledgerTransfers } from '../../db/schema/ledger';
import { createLedgerFixture, type LedgerFixture } from '../../test/ledger-test-fixture';
import { verifyLedger } from './verify-ledger';

let fixture: LedgerFixture;

beforeAll(async () => {
  fixture = await createLedgerFixture();
});
afterAll(async () => {
  await fixture?.close();
});

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
    await expect(unbalanced).rejects.toThrow();
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
    await expect(mixedRealm).rejects.toThrow();
    await expect(insertTransfer(fixture.uniqueKey('empty'))).rejects.toThrow();
    expect((await verifyLedger(fixture.db)).ok).toBe(true);
  });

  it('refuses a member balance below zero even from a hand-written statement', async () => {
    const member = await fixture.createMember();
    await expect(fixture.db.execute(sql`UPDATE ledger_accounts SET balance = -1 WHERE id = ${member.cash.id}`)).rejects.toThrow();
  });
});
