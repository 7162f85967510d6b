import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { codeOf, sumAllBalances, type TestMember, useLedgerFixture } from '../../test/ledger-test-fixture';
import { createHold } from './create-hold';
import { getMemberBalances } from './get-member-balances';
import type { TransferRequest } from './ledger-model';
import { postHold } from './post-hold';
import { postTransfer } from './post-transfer';
import { reverseTransfer } from './reverse-transfer';
import { verifyLedger } from './verify-ledger';
import { voidHold } from './void-hold';

/*
 * Model-based property: any sequence of ledger operations gives the outcome a plain in-memory
 * model predicts (applied or refused with the right code), leaves every member balance equal
 * to the model, keeps verifyLedger clean and keeps the sum of all balances at zero.
 */

type Wallet = 'cash' | 'bonus' | 'trial';
type Delta = { member: number; wallet: Wallet; amount: bigint };

interface ModelMember {
  cash: bigint;
  held: bigint;
  bonus: bigint;
  trial: bigint;
}
interface ModelTransfer {
  id: number;
  /** Set for transfers posted directly, which the test can send again. */
  request?: TransferRequest;
  deltas: Delta[];
  isReversal: boolean;
  isReversed: boolean;
}
interface ModelHold {
  id: number;
  member: number;
  amount: bigint;
  status: 'pending' | 'posted' | 'voided';
  postedAmount?: bigint;
}

const MEMBERS = 3;
const amount = fc.bigInt({ min: 1n, max: 3_000n });
const member = fc.nat({ max: MEMBERS - 1 });
const pick = fc.nat({ max: 1_000 });

// Deposits and holds weigh more so that sequences reach funded members and pending holds.
const operation = fc.oneof(
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('deposit' as const), member, amount: fc.bigInt({ min: 1n, max: 6_000n }) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('bet' as const), member, amount }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('payout' as const), member, amount }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('transfer' as const), member, to: member, amount }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('bonus' as const), member, amount }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('bonusRelease' as const), member, amount }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('trialGrant' as const), member, amount }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('trialBet' as const), member, amount }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('crossRealm' as const), member, amount }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('hold' as const), member, amount }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('postHold' as const), pick, percent: fc.integer({ min: 1, max: 100 }) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('voidHold' as const), pick }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('reverse' as const), pick }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('replay' as const), pick }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('conflict' as const), pick }) },
);
type Operation = typeof operation extends fc.Arbitrary<infer T> ? T : never;

const fixture = useLedgerFixture();

async function runSequence(operations: Operation[]): Promise<void> {
  const members: TestMember[] = [];
  for (let index = 0; index < MEMBERS; index += 1) members.push(await fixture.createMember());
  const model: ModelMember[] = members.map(() => ({ cash: 0n, held: 0n, bonus: 0n, trial: 0n }));
  const transfers: ModelTransfer[] = [];
  const holds: ModelHold[] = [];
  const accountOf = (index: number, wallet: Wallet) => members[index]![wallet].id;
  const available = (index: number, wallet: Wallet) =>
    wallet === 'cash' ? model[index]!.cash - model[index]!.held : model[index]![wallet];
  const apply = (deltas: Delta[]) => {
    for (const delta of deltas) model[delta.member]![delta.wallet] += delta.amount;
  };
  const canApply = (deltas: Delta[]) =>
    deltas.every((delta) => delta.amount > 0n || available(delta.member, delta.wallet) >= -delta.amount);

  /** A two-legged transfer between a member wallet and a system account (or another member). */
  const simple = async (type: TransferRequest['type'], deltas: Delta[], systemAccountId: number | null) => {
    const entries = deltas.map((delta) => ({ accountId: accountOf(delta.member, delta.wallet), amount: delta.amount }));
    const net = deltas.reduce((sum, delta) => sum + delta.amount, 0n);
    if (systemAccountId !== null) entries.push({ accountId: systemAccountId, amount: -net });
    const request: TransferRequest = { merchantId: fixture.merchantId, idempotencyKey: fixture.uniqueKey('prop'), type, entries };
    const expected = canApply(deltas) ? 'OK' : 'INSUFFICIENT_FUNDS';
    let transferId = 0;
    const actual = await codeOf(
      postTransfer(fixture.db, request).then((posted) => {
        transferId = posted.transfer.id;
      }),
    );
    expect(actual).toBe(expected);
    if (actual === 'OK') {
      apply(deltas);
      transfers.push({ id: transferId, request, deltas, isReversal: false, isReversed: false });
    }
  };

  for (const op of operations) {
    switch (op.kind) {
      case 'deposit':
        await simple('deposit', [{ member: op.member, wallet: 'cash', amount: op.amount }], fixture.cashier.id);
        break;
      case 'bet':
        await simple('bet', [{ member: op.member, wallet: 'cash', amount: -op.amount }], fixture.house.id);
        break;
      case 'payout':
        await simple('payout', [{ member: op.member, wallet: 'cash', amount: op.amount }], fixture.house.id);
        break;
      case 'transfer':
        if (op.member === op.to) break;
        await simple(
          'transfer_downline',
          [
            { member: op.member, wallet: 'cash', amount: -op.amount },
            { member: op.to, wallet: 'cash', amount: op.amount },
          ],
          null,
        );
        break;
      case 'bonus':
        await simple('bonus', [{ member: op.member, wallet: 'bonus', amount: op.amount }], fixture.promotion.id);
        break;
      case 'bonusRelease':
        await simple(
          'bonus_release',
          [
            { member: op.member, wallet: 'bonus', amount: -op.amount },
            { member: op.member, wallet: 'cash', amount: op.amount },
          ],
          null,
        );
        break;
      case 'trialGrant':
        await simple('trial_grant', [{ member: op.member, wallet: 'trial', amount: op.amount }], fixture.trialIssuer.id);
        break;
      case 'trialBet':
        await simple('bet', [{ member: op.member, wallet: 'trial', amount: -op.amount }], fixture.trialIssuer.id);
        break;
      case 'crossRealm': {
        const code = await codeOf(
          fixture.move(accountOf(op.member, 'trial'), accountOf(op.member, 'cash'), op.amount, 'adjustment', 'wall'),
        );
        expect(code).toBe('TRIAL_FORBIDDEN');
        break;
      }
      case 'hold': {
        const expected = available(op.member, 'cash') >= op.amount ? 'OK' : 'INSUFFICIENT_FUNDS';
        let holdId = 0;
        const actual = await codeOf(
          createHold(fixture.db, {
            merchantId: fixture.merchantId,
            accountId: accountOf(op.member, 'cash'),
            amount: op.amount,
            idempotencyKey: fixture.uniqueKey('hold'),
            type: 'withdrawal_hold',
          }).then((result) => {
            holdId = result.hold.id;
          }),
        );
        expect(actual).toBe(expected);
        if (actual === 'OK') {
          model[op.member]!.held += op.amount;
          holds.push({ id: holdId, member: op.member, amount: op.amount, status: 'pending' });
        }
        break;
      }
      case 'postHold': {
        const hold = holds[op.pick % Math.max(holds.length, 1)];
        if (!hold) break;
        const posted = (hold.amount * BigInt(op.percent) + 99n) / 100n;
        let transferId = 0;
        const actual = await codeOf(
          postHold(fixture.db, {
            merchantId: fixture.merchantId,
            holdId: hold.id,
            type: 'withdrawal_paid',
            credits: [{ accountId: fixture.cashier.id, amount: posted }],
          }).then((result) => {
            transferId = result.posted.transfer.id;
          }),
        );
        // The same posting again is a replay of the first; any other posting comes too late.
        const isSamePosting = hold.status === 'posted' && hold.postedAmount === posted;
        expect(actual).toBe(hold.status === 'pending' || isSamePosting ? 'OK' : 'HOLD_NOT_PENDING');
        if (actual === 'OK' && hold.status === 'pending') {
          hold.status = 'posted';
          hold.postedAmount = posted;
          model[hold.member]!.held -= hold.amount;
          const deltas: Delta[] = [{ member: hold.member, wallet: 'cash', amount: -posted }];
          apply(deltas);
          transfers.push({ id: transferId, deltas, isReversal: false, isReversed: false });
        }
        break;
      }
      case 'voidHold': {
        const hold = holds[op.pick % Math.max(holds.length, 1)];
        if (!hold) break;
        const actual = await codeOf(voidHold(fixture.db, { merchantId: fixture.merchantId, holdId: hold.id }));
        expect(actual).toBe(hold.status === 'posted' ? 'HOLD_NOT_PENDING' : 'OK');
        if (hold.status === 'pending') {
          hold.status = 'voided';
          model[hold.member]!.held -= hold.amount;
        }
        break;
      }
      case 'reverse': {
        const original = transfers[op.pick % Math.max(transfers.length, 1)];
        if (!original) break;
        const negated = original.deltas.map((delta) => ({ ...delta, amount: -delta.amount }));
        const expected = original.isReversal
          ? 'LEDGER_INVALID_TRANSFER'
          : original.isReversed
            ? 'OK'
            : canApply(negated)
              ? 'OK'
              : 'INSUFFICIENT_FUNDS';
        let reversal = { id: 0, isReplay: false };
        const actual = await codeOf(
          reverseTransfer(fixture.db, { merchantId: fixture.merchantId, transferId: original.id }).then((posted) => {
            reversal = { id: posted.transfer.id, isReplay: posted.isReplay };
          }),
        );
        expect(actual).toBe(expected);
        if (actual === 'OK') {
          expect(reversal.isReplay).toBe(original.isReversed);
          if (!original.isReversed) {
            original.isReversed = true;
            apply(negated);
            transfers.push({ id: reversal.id, deltas: negated, isReversal: true, isReversed: false });
          }
        }
        break;
      }
      case 'replay': {
        const replayable = transfers.filter((transfer) => transfer.request !== undefined);
        const original = replayable[op.pick % Math.max(replayable.length, 1)];
        if (!original?.request) break;
        const replayed = await postTransfer(fixture.db, original.request);
        expect(replayed).toMatchObject({ isReplay: true, transfer: { id: original.id } });
        break;
      }
      case 'conflict': {
        const replayable = transfers.filter((transfer) => transfer.request !== undefined);
        const original = replayable[op.pick % Math.max(replayable.length, 1)];
        if (!original?.request) break;
        const changed = original.request.entries.map((entry) => ({ ...entry, amount: entry.amount * 2n }));
        expect(await codeOf(postTransfer(fixture.db, { ...original.request, entries: changed }))).toBe('IDEMPOTENCY_CONFLICT');
        break;
      }
    }
  }

  for (let index = 0; index < MEMBERS; index += 1) {
    const balances = await getMemberBalances(fixture.db, { merchantId: fixture.merchantId, memberId: members[index]!.memberId });
    const expected = model[index]!;
    expect({ cash: balances.cash, held: balances.held, bonus: balances.bonus, trial: balances.trial }).toEqual(expected);
  }
  const verdict = await verifyLedger(fixture.db);
  expect(verdict).toMatchObject({ ok: true });
  for (const total of Object.values(await sumAllBalances(fixture.db))) expect(total).toBe(0n);
}

describe('ledger properties', () => {
  it('any sequence of operations matches the model and keeps every invariant', { timeout: 240_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(operation, { minLength: 5, maxLength: 40, size: 'max' }), runSequence),
      // Bounded: each run writes real rows; the machine is shared.
      { numRuns: 40 },
    );
  });
});
