import { describe, expect, it } from 'vitest';
import { driverQueriesDuring } from '../../test/driver-queries';
import { type TestMember, useLedgerFixture } from '../../test/ledger-test-fixture';
import { createHold } from './create-hold';
import { readAccountCash, readAccountCashShared } from './read-account-cash';

/*
 * The shared cash read (readAccountCashShared: a vendor's balance calls): reads asked for together
 * go in one statement, each caller gets its own account's stored balance and held amount, and a
 * read asked for after a posting committed sees it.
 */

const fixture = useLedgerFixture({ verifyAfter: true });

/** How many times the shared read's statement was sent during `run` (PostgreSQL: counted at the driver). */
async function sharedReadsSent(run: () => Promise<unknown>): Promise<number> {
  const { sent } = await driverQueriesDuring(run);
  return sent.filter((query) => query.name?.startsWith('wallet_read_accounts_cash')).length;
}

describe('readAccountCashShared', () => {
  it('30 reads at once: each its own account, as readAccountCash reads it, in one statement', async () => {
    const members: TestMember[] = [];
    for (let index = 0; index < 30; index += 1) {
      const member = await fixture.createMember();
      await fixture.fund(member.cash.id, 1_000n + BigInt(index));
      members.push(member);
    }
    await createHold(fixture.db, {
      merchantId: fixture.merchantId,
      accountId: members[7]!.cash.id,
      amount: 300n,
      idempotencyKey: fixture.uniqueKey('hold'),
      type: 'withdrawal_hold',
      reference: { kind: 'withdrawal', id: 'shared-read' },
    });
    let shared: { balance: bigint; held: bigint }[] = [];
    const statements = await sharedReadsSent(async () => {
      shared = await Promise.all(members.map((member) => readAccountCashShared(fixture.db, member.cash.id)));
    });
    const alone = await Promise.all(members.map((member) => readAccountCash(fixture.db, member.cash.id)));
    expect(shared).toEqual(alone);
    expect(shared[7]).toEqual({ balance: 1_007n, held: 300n });
    expect(shared[29]).toEqual({ balance: 1_029n, held: 0n });
    if (fixture.isPostgres) expect(statements).toBe(1);
  });

  it('a read asked for after a posting committed sees it, even while an earlier read is on its way', async () => {
    const member = await fixture.createMember();
    await fixture.fund(member.cash.id, 500n);
    const before = readAccountCashShared(fixture.db, member.cash.id);
    await fixture.move(member.cash.id, fixture.house.id, 200n, 'bet');
    const after = await readAccountCashShared(fixture.db, member.cash.id);
    expect(after).toEqual({ balance: 300n, held: 0n });
    // The earlier read went out before or after that commit: either answer is its own moment's.
    await before;
  });

  it('an account that does not exist reads as zeros, beside one that does', async () => {
    const member = await fixture.createMember();
    await fixture.fund(member.cash.id, 42n);
    const [missing, present] = await Promise.all([
      readAccountCashShared(fixture.db, 2_000_000_000),
      readAccountCashShared(fixture.db, member.cash.id),
    ]);
    expect(missing).toEqual({ balance: 0n, held: 0n });
    expect(present).toEqual({ balance: 42n, held: 0n });
  });
});
