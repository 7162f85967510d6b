import { describe, expect, it } from 'vitest';
import { merchants } from '../../db/schema/merchants';
import { isAppError } from '../../platform/errors';
import { readAccountRow, useLedgerFixture } from '../../test/ledger-test-fixture';
import { openAccount } from './open-account';
import { postTransferInTransaction } from './post-transfer';
import { AccountShapeCache } from './record-transfer';
import { verifyLedger } from './verify-ledger';

const fixture = useLedgerFixture();

async function refusal(work: () => Promise<unknown>): Promise<string> {
  try {
    await work();
  } catch (error) {
    return isAppError(error) ? `${error.code}:${String((error.value as { reason?: string } | undefined)?.reason ?? '')}` : String(error);
  }
  return 'posted';
}

describe('postTransferInTransaction with an account cache', () => {
  it('posts like postTransfer, and the cached shapes still guard funds, realms and tenants', async () => {
    const cache = new AccountShapeCache();
    const member = await fixture.createMember();
    await fixture.fund(member.cash.id, 100n);
    // The member's cash staked to `counterId` under `key`, posted with the cache.
    const stake = (amount: bigint, counterId: number, key: string) =>
      fixture.db.transaction((tx) =>
        postTransferInTransaction(
          tx,
          {
            merchantId: fixture.merchantId,
            idempotencyKey: key,
            type: 'bet',
            entries: [
              { accountId: member.cash.id, amount: -amount },
              { accountId: counterId, amount },
            ],
          },
          undefined,
          cache,
        ),
      );
    const bet = (amount: bigint, key = fixture.uniqueKey('cached-bet')) => stake(amount, fixture.house.id, key);

    const first = await bet(30n, 'cached-bet:1');
    expect(cache.get(member.cash.id)).toMatchObject({ id: member.cash.id, isHot: false, allowsNegative: false });
    expect(cache.get(fixture.house.id)).toMatchObject({ id: fixture.house.id, isHot: true });
    // From the cache now: same chain, same replay, same guard.
    const second = await bet(30n);
    expect(second.entries.find((entry) => entry.accountId === member.cash.id)).toMatchObject({ balanceAfter: 40n, accountVersion: 3 });
    expect((await bet(30n, 'cached-bet:1')).isReplay).toBe(true);
    expect(first.isReplay).toBe(false);
    expect(await refusal(() => bet(50n))).toBe('INSUFFICIENT_FUNDS:');
    expect(await readAccountRow(fixture.db, member.cash.id)).toMatchObject({ balance: 40n, version: 3 });

    // Trial and real never meet, even when both shapes come from the cache.
    const trial = (amount: bigint) => stake(amount, fixture.trialIssuer.id, fixture.uniqueKey('cached-trial'));
    expect(await refusal(() => trial(1n))).toBe('TRIAL_FORBIDDEN:trial_and_real_accounts');
    expect(await refusal(() => trial(1n))).toBe('TRIAL_FORBIDDEN:trial_and_real_accounts');

    // A cached account of another merchant is as missing as an uncached one.
    const [other] = await fixture.db
      .insert(merchants)
      .values({ code: `other-${fixture.uniqueKey('m').replace(/:/g, '-')}`, name: 'Other' })
      .returning({ id: merchants.id });
    const foreign = await openAccount(fixture.db, { merchantId: other!.id, code: 'ADJUSTMENT', currency: fixture.currency });
    cache.remember({ ...foreign, merchantId: other!.id });
    const stolen = await refusal(() =>
      fixture.db.transaction((tx) =>
        postTransferInTransaction(
          tx,
          {
            merchantId: fixture.merchantId,
            idempotencyKey: fixture.uniqueKey('cached-foreign'),
            type: 'adjustment',
            entries: [
              { accountId: foreign.id, amount: -5n },
              { accountId: member.cash.id, amount: 5n },
            ],
          },
          undefined,
          cache,
        ),
      ),
    );
    expect(stolen).toBe('LEDGER_INVALID_TRANSFER:account_not_found');
    expect((await verifyLedger(fixture.db)).ok).toBe(true);
  });
});
