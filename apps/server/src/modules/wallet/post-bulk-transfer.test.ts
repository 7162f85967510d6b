import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ledgerEntries, ledgerTransfers } from '../../db/schema/ledger';
import { codeOf, readAccountRow, useLedgerFixture } from '../../test/ledger-test-fixture';
import { bulkTransferHelpers } from './bulk-transfer-test-kit';
import { getAccountBalance } from './get-account-balance';
import { postBulkTransfer } from './post-bulk-transfer';
import { postTransfer } from './post-transfer';

/*
 * postBulkTransfer: many two-legged transfers in a handful of set-based statements. Each test
 * checks what postTransfer would have left for the same transfers one by one, and verifyLedger.
 */

const fixture = useLedgerFixture({ verifyAfter: true });

const { members, houseState, expectSound } = bulkTransferHelpers(() => fixture);

describe('postBulkTransfer', () => {
  it('posts one balanced transfer per leg against one house shard, with each account chain intact', async () => {
    const players = await members(6, 1_000n);
    const houseBefore = await getAccountBalance(fixture.db, fixture.house.id);
    const prefix = fixture.uniqueKey('bulk');
    const legs = players.map((player, index) => ({ accountId: player.cash.id, amount: BigInt(100 * (index + 1)) }));
    const posted = await postBulkTransfer(fixture.db, {
      merchantId: fixture.merchantId,
      type: 'payout',
      keyPrefix: `${prefix}:`,
      counterAccountId: fixture.house.id,
      legs: [...legs].reverse(),
      reference: { kind: 'lottery_issue', id: '42' },
      metadata: { game: 'TEST' },
    });
    expect(posted.transfers).toHaveLength(6);
    expect(posted.transfers.every((transfer) => !transfer.isReplay)).toBe(true);
    expect(posted.transfers.map((transfer) => transfer.accountId)).toEqual(legs.map((leg) => leg.accountId));
    expect(posted.counterAmount).toBe(-2_100n);
    expect(posted.counterShard).toBeGreaterThanOrEqual(1);

    for (const [index, player] of players.entries()) {
      const row = await readAccountRow(fixture.db, player.cash.id);
      expect(row.balance).toBe(1_000n + BigInt(100 * (index + 1)));
      expect(row.version).toBe(2);
      const transferId = posted.transfers[index]!.transferId;
      const [transfer] = await fixture.db.select().from(ledgerTransfers).where(eq(ledgerTransfers.id, transferId));
      expect(transfer).toMatchObject({
        type: 'payout',
        idempotencyKey: `${prefix}:${player.cash.id}`,
        referenceKind: 'lottery_issue',
        referenceId: '42',
        metadata: { game: 'TEST' },
      });
      const entries = await fixture.db.select().from(ledgerEntries).where(eq(ledgerEntries.transferId, transferId));
      expect(entries.map((entry) => [entry.accountId, entry.amount]).sort((a, b) => Number(a[0]) - Number(b[0]))).toEqual([
        [fixture.house.id, -BigInt(100 * (index + 1))],
        [player.cash.id, BigInt(100 * (index + 1))],
      ]);
      expect(entries.find((entry) => entry.accountId === fixture.house.id)?.shard).toBe(posted.counterShard);
    }
    expect((await getAccountBalance(fixture.db, fixture.house.id)).balance).toBe(houseBefore.balance - 2_100n);
    await expectSound();
  });

  it('is idempotent per leg: the same call replays, a partly new call moves only the new legs, postTransfer replays a bulk leg', async () => {
    const players = await members(4);
    const prefix = `${fixture.uniqueKey('bulk')}:`;
    const request = {
      merchantId: fixture.merchantId,
      type: 'payout' as const,
      keyPrefix: prefix,
      counterAccountId: fixture.house.id,
      legs: players.slice(0, 3).map((player) => ({ accountId: player.cash.id, amount: 250n })),
      reference: { kind: 'lottery_issue', id: '7' },
    };
    const first = await postBulkTransfer(fixture.db, request);
    const house = await houseState();
    const again = await postBulkTransfer(fixture.db, request);
    expect(again.transfers).toEqual(first.transfers.map((transfer) => ({ ...transfer, isReplay: true })));
    expect(again.counterAmount).toBe(0n);
    expect(await houseState()).toBe(house);

    // The request hash is postTransfer's: the same transfer posted singly is a replay...
    const single = await postTransfer(fixture.db, {
      merchantId: fixture.merchantId,
      idempotencyKey: `${prefix}${players[1]!.cash.id}`,
      type: 'payout',
      reference: { kind: 'lottery_issue', id: '7' },
      entries: [
        { accountId: players[1]!.cash.id, amount: 250n },
        { accountId: fixture.house.id, amount: -250n },
      ],
    });
    expect(single.isReplay).toBe(true);
    expect(single.transfer.id).toBe(first.transfers[1]!.transferId);
    // ...and other content under the same key is a conflict, both ways.
    const conflicting = postTransfer(fixture.db, {
      merchantId: fixture.merchantId,
      idempotencyKey: `${prefix}${players[1]!.cash.id}`,
      type: 'payout',
      entries: [
        { accountId: players[1]!.cash.id, amount: 251n },
        { accountId: fixture.house.id, amount: -251n },
      ],
    });
    expect(await codeOf(conflicting)).toBe('IDEMPOTENCY_CONFLICT');
    expect(await codeOf(postBulkTransfer(fixture.db, { ...request, legs: [{ accountId: players[0]!.cash.id, amount: 1n }] }))).toBe(
      'IDEMPOTENCY_CONFLICT',
    );

    const wider = await postBulkTransfer(fixture.db, {
      ...request,
      legs: players.map((player) => ({ accountId: player.cash.id, amount: 250n })),
    });
    expect(wider.transfers.map((transfer) => transfer.isReplay)).toEqual([true, true, true, false]);
    expect(wider.counterAmount).toBe(-250n);
    for (const player of players) expect((await readAccountRow(fixture.db, player.cash.id)).balance).toBe(250n);
    await expectSound();
  });

  it('refuses the whole call if one debit would overdraw, leaving every balance, version and shard as it was', async () => {
    const players = await members(3, 500n);
    const house = await houseState();
    const before = await Promise.all(players.map((player) => readAccountRow(fixture.db, player.cash.id)));
    const refused = postBulkTransfer(fixture.db, {
      merchantId: fixture.merchantId,
      type: 'bet',
      keyPrefix: `${fixture.uniqueKey('bulk')}:`,
      counterAccountId: fixture.house.id,
      legs: [
        { accountId: players[0]!.cash.id, amount: -500n },
        { accountId: players[1]!.cash.id, amount: -501n },
        { accountId: players[2]!.cash.id, amount: 10n },
      ],
    });
    expect(await codeOf(refused)).toBe('INSUFFICIENT_FUNDS');
    expect(await Promise.all(players.map((player) => readAccountRow(fixture.db, player.cash.id)))).toEqual(before);
    expect(await houseState()).toBe(house);
    await expectSound();
  });

  it('a cold counter account is guarded at the lowest point of its running chain', async () => {
    const [agent, ...downlines] = await members(3);
    await fixture.fund(agent!.cash.id, 300n);
    const legs = downlines.map((member) => ({ accountId: member.cash.id, amount: 200n }));
    const base = { merchantId: fixture.merchantId, type: 'transfer_downline' as const, counterAccountId: agent!.cash.id, legs };
    expect(await codeOf(postBulkTransfer(fixture.db, { ...base, keyPrefix: `${fixture.uniqueKey('bulk')}:` }))).toBe('INSUFFICIENT_FUNDS');
    await fixture.fund(agent!.cash.id, 100n);
    const posted = await postBulkTransfer(fixture.db, { ...base, keyPrefix: `${fixture.uniqueKey('bulk')}:` });
    expect(posted.counterShard).toBe(0);
    expect(await readAccountRow(fixture.db, agent!.cash.id)).toEqual({ balance: 0n, held: 0n, version: 4 });
    await expectSound();
  });

  it('refuses bad requests before anything moves', async () => {
    const [player, other] = await members(2);
    const base = {
      merchantId: fixture.merchantId,
      type: 'payout' as const,
      keyPrefix: `${fixture.uniqueKey('bulk')}:`,
      counterAccountId: fixture.house.id,
    };
    const reasonOf = async (promise: Promise<unknown>) =>
      promise.then(
        () => 'OK',
        (error: { code?: string; value?: { reason?: string } }) => error.value?.reason ?? error.code,
      );
    const cash = player!.cash.id;
    expect(await reasonOf(postBulkTransfer(fixture.db, { ...base, legs: [] }))).toBe('entry_count');
    expect(
      await reasonOf(
        postBulkTransfer(fixture.db, {
          ...base,
          legs: [
            { accountId: cash, amount: 1n },
            { accountId: cash, amount: 2n },
          ],
        }),
      ),
    ).toBe('duplicate_account');
    expect(await reasonOf(postBulkTransfer(fixture.db, { ...base, legs: [{ accountId: fixture.house.id, amount: 1n }] }))).toBe(
      'duplicate_account',
    );
    expect(await reasonOf(postBulkTransfer(fixture.db, { ...base, legs: [{ accountId: cash, amount: 0n }] }))).toBe('zero_amount');
    expect(await reasonOf(postBulkTransfer(fixture.db, { ...base, legs: [{ accountId: 999_999_999, amount: 1n }] }))).toBe(
      'account_not_found',
    );
    expect(await reasonOf(postBulkTransfer(fixture.db, { ...base, legs: [{ accountId: fixture.cashier.id, amount: 1n }] }))).toBe(
      'hot_leg_account',
    );
    expect(await codeOf(postBulkTransfer(fixture.db, { ...base, legs: [{ accountId: other!.trial.id, amount: 1n }] }))).toBe(
      'TRIAL_FORBIDDEN',
    );
    expect(await reasonOf(postBulkTransfer(fixture.db, { ...base, legs: [{ accountId: other!.points.id, amount: 1n }] }))).toBe(
      'unbalanced_currency',
    );
    // Nothing was claimed: the same prefix still posts.
    const posted = await postBulkTransfer(fixture.db, { ...base, legs: [{ accountId: cash, amount: 5n }] });
    expect(posted.transfers[0]?.isReplay).toBe(false);
    await expectSound();
  });

  it('concurrent identical calls move the money once; bets racing on the same members keep the ledger sound', async () => {
    const players = await members(8, 10_000n);
    const request = {
      merchantId: fixture.merchantId,
      type: 'payout' as const,
      keyPrefix: `${fixture.uniqueKey('bulk')}:`,
      counterAccountId: fixture.house.id,
      legs: players.map((player) => ({ accountId: player.cash.id, amount: 1_000n })),
    };
    const bets = players.flatMap((player) => [1, 2, 3].map(() => fixture.move(player.cash.id, fixture.house.id, 100n, 'bet')));
    const results = await Promise.all([postBulkTransfer(fixture.db, request), postBulkTransfer(fixture.db, request), ...bets]);
    const [first, second] = results as [Awaited<ReturnType<typeof postBulkTransfer>>, Awaited<ReturnType<typeof postBulkTransfer>>];
    expect([first.counterAmount, second.counterAmount].sort()).toEqual([-8_000n, 0n]);
    for (const player of players) {
      expect((await readAccountRow(fixture.db, player.cash.id)).balance).toBe(10_000n + 1_000n - 300n);
    }
    await expectSound();
  });

  it('random bulk and single transfers match a plain model and keep every invariant (property)', { timeout: 120_000 }, async () => {
    const players = await members(4, 2_000n);
    const model = new Map(players.map((player) => [player.cash.id, 2_000n]));
    const leg = fc.record({ member: fc.nat({ max: 3 }), amount: fc.bigInt({ min: -1_500n, max: 1_500n }).filter((value) => value !== 0n) });
    const step = fc.oneof(
      fc.record({
        kind: fc.constant('bulk' as const),
        legs: fc.uniqueArray(leg, { minLength: 1, maxLength: 4, selector: (item) => item.member }),
      }),
      fc.record({ kind: fc.constant('single' as const), leg }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 6 }), async (steps) => {
        for (const item of steps) {
          const legs = (item.kind === 'bulk' ? item.legs : [item.leg]).map((entry) => ({
            accountId: players[entry.member]!.cash.id,
            amount: entry.amount,
          }));
          const canApply = legs.every((entry) => model.get(entry.accountId)! + entry.amount >= 0n);
          const outcome =
            item.kind === 'bulk'
              ? await codeOf(
                  postBulkTransfer(fixture.db, {
                    merchantId: fixture.merchantId,
                    type: 'adjustment',
                    keyPrefix: `${fixture.uniqueKey('prop')}:`,
                    counterAccountId: fixture.house.id,
                    legs,
                  }),
                )
              : await codeOf(
                  postTransfer(fixture.db, {
                    merchantId: fixture.merchantId,
                    idempotencyKey: fixture.uniqueKey('prop'),
                    type: 'adjustment',
                    entries: [legs[0]!, { accountId: fixture.house.id, amount: -legs[0]!.amount }],
                  }),
                );
          expect(outcome).toBe(canApply ? 'OK' : 'INSUFFICIENT_FUNDS');
          if (canApply) for (const entry of legs) model.set(entry.accountId, model.get(entry.accountId)! + entry.amount);
        }
        for (const player of players) expect((await readAccountRow(fixture.db, player.cash.id)).balance).toBe(model.get(player.cash.id));
        await expectSound();
      }),
      { numRuns: 25 },
    );
  });
});
