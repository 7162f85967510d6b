import type { LedgerTransferType } from '@kismat/contracts/wallet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeOf, createLedgerFixture, type LedgerFixture, type TestMember } from '../../test/ledger-test-fixture';
import { listMemberEntries } from './list-member-entries';
import { postTransfer } from './post-transfer';

let fixture: LedgerFixture;
let member: TestMember;
const DAY = 24 * 60 * 60 * 1000;
const START = Date.parse('2026-03-01T00:00:00Z');

beforeAll(async () => {
  fixture = await createLedgerFixture();
  member = await fixture.createMember();
  // Ten days of history, one movement a day: deposits on even days, smaller bets on odd days; a bonus on day 5.
  for (let day = 0; day < 10; day += 1) {
    const isDeposit = day % 2 === 0;
    const type: LedgerTransferType = isDeposit ? 'deposit' : 'bet';
    const amount = BigInt((isDeposit ? 1_000 : 100) * (day + 1));
    const counterparty = isDeposit ? fixture.cashier.id : fixture.house.id;
    await postTransfer(
      fixture.db,
      {
        merchantId: fixture.merchantId,
        idempotencyKey: fixture.uniqueKey('history'),
        type,
        reference: { kind: type, id: String(day) },
        entries: [
          { accountId: member.cash.id, amount: isDeposit ? amount : -amount },
          { accountId: counterparty, amount: isDeposit ? -amount : amount },
        ],
      },
      () => new Date(START + day * DAY),
    );
  }
  await postTransfer(
    fixture.db,
    {
      merchantId: fixture.merchantId,
      idempotencyKey: fixture.uniqueKey('bonus'),
      type: 'bonus',
      entries: [
        { accountId: fixture.promotion.id, amount: -50n },
        { accountId: member.bonus.id, amount: 50n },
      ],
    },
    () => new Date(START + 5 * DAY + 1000),
  );
});
afterAll(async () => {
  await fixture?.close();
});

const base = () => ({ merchantId: fixture.merchantId, memberId: member.memberId });

describe('listMemberEntries', () => {
  it('lists newest first with balance_after, type, reference and totals', async () => {
    const page = await listMemberEntries(fixture.db, { ...base(), limit: 3 });
    expect(page.total).toBe(11);
    // Newest first means last written first (entry id order), whatever business time was given.
    expect(page.items.map((item) => item.type)).toEqual(['bonus', 'bet', 'deposit']);
    expect(page.items[1]).toMatchObject({
      accountCode: 'MEMBER_CASH',
      amount: -1_000n,
      balanceAfter: 22_000n,
      referenceKind: 'bet',
      referenceId: '9',
      createdAt: new Date(START + 9 * DAY),
    });
    // Deposits 1000+3000+5000+7000+9000 plus the 50 bonus; bets 200+400+600+800+1000.
    expect(page.credited).toBe(25_050n);
    expect(page.debited).toBe(3_000n);
  });

  it('filters by type, account and date range', async () => {
    const deposits = await listMemberEntries(fixture.db, { ...base(), types: ['deposit'] });
    expect(deposits.items.map((item) => item.amount)).toEqual([9_000n, 7_000n, 5_000n, 3_000n, 1_000n]);
    expect(deposits).toMatchObject({ total: 5, credited: 25_000n, debited: 0n });
    const bonus = await listMemberEntries(fixture.db, { ...base(), accountCodes: ['MEMBER_BONUS'] });
    expect(bonus.items).toHaveLength(1);
    expect(bonus.items[0]).toMatchObject({ type: 'bonus', accountCode: 'MEMBER_BONUS', amount: 50n });
    const window = await listMemberEntries(fixture.db, { ...base(), from: new Date(START + 2 * DAY), to: new Date(START + 5 * DAY) });
    expect(window.items.map((item) => item.referenceId)).toEqual(['4', '3', '2']);
  });

  it('pages by cursor and by page number without gaps or repeats', async () => {
    const seen: number[] = [];
    let cursor: string | undefined;
    for (let guard = 0; guard < 10; guard += 1) {
      const page = await listMemberEntries(fixture.db, { ...base(), limit: 4, cursor });
      seen.push(...page.items.map((item) => item.entryId));
      if (!page.nextCursor) break;
      cursor = page.nextCursor;
    }
    expect(seen).toHaveLength(11);
    expect(new Set(seen).size).toBe(11);
    expect([...seen].sort((left, right) => right - left)).toEqual(seen);

    const byPage = [1, 2, 3].map((page) => listMemberEntries(fixture.db, { ...base(), limit: 4, page }));
    const pages = await Promise.all(byPage);
    expect(pages.flatMap((page) => page.items.map((item) => item.entryId))).toEqual(seen);
    expect(pages[2]?.nextCursor).toBeNull();
  });

  it('shows nothing of other members or merchants and refuses bad paging', async () => {
    const other = await fixture.createMember();
    expect((await listMemberEntries(fixture.db, { merchantId: fixture.merchantId, memberId: other.memberId })).total).toBe(0);
    expect((await listMemberEntries(fixture.db, { merchantId: fixture.merchantId + 1, memberId: member.memberId })).total).toBe(0);
    expect(await codeOf(listMemberEntries(fixture.db, { ...base(), limit: 101 }))).toBe('LEDGER_INVALID_TRANSFER');
    expect(await codeOf(listMemberEntries(fixture.db, { ...base(), cursor: 'abc' }))).toBe('LEDGER_INVALID_TRANSFER');
    expect(await codeOf(listMemberEntries(fixture.db, { ...base(), page: 0 }))).toBe('LEDGER_INVALID_TRANSFER');
  });
});
