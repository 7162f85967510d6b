import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { type LedgerFixture, sumAllBalances, type TestMember } from '../../test/ledger-test-fixture';
import { verifyLedger } from './verify-ledger';

/*
 * What the bulk transfer tests (post-bulk-transfer.test.ts, post-keyed-bulk-transfer.test.ts)
 * share: members to move money between, the house shards' state, and the ledger check each
 * test ends with. `fixture` is the file's ledger fixture, read when a helper runs.
 */
export function bulkTransferHelpers(fixtureOf: () => LedgerFixture) {
  async function members(count: number, funds = 0n): Promise<TestMember[]> {
    const fixture = fixtureOf();
    const list: TestMember[] = [];
    for (let index = 0; index < count; index += 1) {
      const member = await fixture.createMember();
      if (funds > 0n) await fixture.fund(member.cash.id, funds);
      list.push(member);
    }
    return list;
  }

  async function houseState() {
    const fixture = fixtureOf();
    const rows = await fixture.db.execute(
      sql`SELECT shard, balance, version FROM ledger_account_shards WHERE account_id = ${fixture.house.id} ORDER BY shard`,
    );
    return JSON.stringify((rows as { rows: unknown[] }).rows, (_key, value: unknown) =>
      typeof value === 'bigint' ? String(value) : value,
    );
  }

  async function expectSound() {
    const fixture = fixtureOf();
    const report = await verifyLedger(fixture.db);
    expect(report.ok, JSON.stringify(report)).toBe(true);
    expect(Object.values(await sumAllBalances(fixture.db)).every((total) => total === 0n)).toBe(true);
  }

  return { members, houseState, expectSound };
}
