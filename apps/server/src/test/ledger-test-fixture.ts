import { randomBytes } from 'node:crypto';
import type { LedgerTransferType } from '@kismat/contracts/wallet';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect } from 'vitest';
import type { LedgerAccountRow } from '../db/schema/ledger';
import { merchants } from '../db/schema/merchants';
import { ensureMemberAccounts, type MemberAccounts } from '../modules/wallet/ensure-member-accounts';
import type { PostedTransfer } from '../modules/wallet/ledger-model';
import { openAccount } from '../modules/wallet/open-account';
import { postTransfer } from '../modules/wallet/post-transfer';
import { verifyLedger } from '../modules/wallet/verify-ledger';
import type { Database, Db, DbOrTx } from '../platform/db';
import { isAppError } from '../platform/errors';
import { rowsOf, toBigInt } from '../platform/sql-values';
import { createTestDatabase } from './test-database';

/** Test-only: a fresh database with one merchant, its system accounts and a member factory. */
export interface LedgerFixture {
  database: Database;
  db: Db;
  isPostgres: boolean;
  merchantId: number;
  currency: string;
  house: LedgerAccountRow;
  cashier: LedgerAccountRow;
  promotion: LedgerAccountRow;
  trialIssuer: LedgerAccountRow;
  pointsIssuer: LedgerAccountRow;
  createMember(): Promise<TestMember>;
  /** Credits a member account from the cashier clearing account. */
  fund(accountId: number, amount: bigint): Promise<PostedTransfer>;
  /** A two-legged transfer of `amount` from one account to another under a fresh key (`keyPrefix`, by default the type). */
  move(from: number, to: number, amount: bigint, type: LedgerTransferType, keyPrefix?: string): Promise<PostedTransfer>;
  /** The same transfer as `move`, posted on `db`: a caller's transaction. */
  moveIn(db: DbOrTx, from: number, to: number, amount: bigint, type: LedgerTransferType, keyPrefix?: string): Promise<PostedTransfer>;
  uniqueKey(prefix?: string): string;
  close(): Promise<void>;
}

export interface TestMember extends MemberAccounts {
  memberId: number;
}

let memberSequence = 0;

export async function createLedgerFixture(): Promise<LedgerFixture> {
  const database = await createTestDatabase();
  const { db } = database;
  const suffix = randomBytes(4).toString('hex');
  const [merchant] = await db
    .insert(merchants)
    .values({ code: `ledger-${suffix}`, name: 'Ledger test merchant' })
    .returning({ id: merchants.id, currency: merchants.currency });
  const merchantId = merchant!.id;
  const currency = merchant!.currency;
  const system = async (code: 'HOUSE' | 'CASHIER_CLEARING' | 'PROMOTION_COST' | 'TRIAL_ISSUER' | 'POINTS_ISSUER', subkey = '') =>
    openAccount(db, { merchantId, code, currency, subkey });
  const house = await system('HOUSE');
  const cashier = await system('CASHIER_CLEARING', 'bkash');
  const promotion = await system('PROMOTION_COST');
  const trialIssuer = await system('TRIAL_ISSUER');
  const pointsIssuer = await system('POINTS_ISSUER');
  let keySequence = 0;
  const uniqueKey = (prefix = 'test') => {
    keySequence += 1;
    return `${prefix}:${suffix}:${keySequence}`;
  };
  const moveIn: LedgerFixture['moveIn'] = (on, from, to, amount, type, keyPrefix = type) =>
    postTransfer(on, {
      merchantId,
      idempotencyKey: uniqueKey(keyPrefix),
      type,
      entries: [
        { accountId: from, amount: -amount },
        { accountId: to, amount },
      ],
    });
  const move: LedgerFixture['move'] = (from, to, amount, type, keyPrefix) => moveIn(db, from, to, amount, type, keyPrefix);

  return {
    database,
    db,
    isPostgres: database.kind === 'postgres',
    merchantId,
    currency,
    house,
    cashier,
    promotion,
    trialIssuer,
    pointsIssuer,
    async createMember() {
      memberSequence += 1;
      // No members row: the ledger references members by id only (the FK comes later).
      const memberId = 1_000_000 + memberSequence * 7 + Math.floor(Math.random() * 7);
      return { memberId, ...(await ensureMemberAccounts(db, { merchantId, memberId, currency })) };
    },
    fund: (accountId, amount) => move(cashier.id, accountId, amount, 'deposit', 'fund'),
    move,
    moveIn,
    uniqueKey,
    close: () => database.close(),
  };
}

/**
 * The file's ledger fixture: created before its tests (filled in by then: use it inside them) and
 * closed after them; with `verifyAfter`, the ledger must verify before it closes.
 */
export function useLedgerFixture(options: { verifyAfter?: boolean } = {}): LedgerFixture {
  const fixture = {} as LedgerFixture;
  beforeAll(async () => {
    Object.assign(fixture, await createLedgerFixture());
  });
  afterAll(async () => {
    if (!fixture.db) return;
    if (options.verifyAfter) {
      const report = await verifyLedger(fixture.db);
      expect(report.ok, JSON.stringify(report)).toBe(true);
    }
    await fixture.close();
  });
  return fixture;
}

/** Balance, held and version of a cold account straight from its row. */
export async function readAccountRow(db: Db, accountId: number): Promise<{ balance: bigint; held: bigint; version: number }> {
  const [row] = rowsOf<{ balance: unknown; held: unknown; version: unknown }>(
    await db.execute(sql`SELECT balance, held, version FROM ledger_accounts WHERE id = ${accountId}`),
  );
  return { balance: toBigInt(row?.balance), held: toBigInt(row?.held), version: Number(toBigInt(row?.version)) };
}

/** Sum of every balance per currency (cold rows plus hot shards): always zero in a sound ledger. */
export async function sumAllBalances(db: Db): Promise<Record<string, bigint>> {
  const rows = rowsOf<{ currency: string; total: unknown }>(
    await db.execute(sql`
      SELECT currency, sum(balance) AS total FROM (
        SELECT a.currency, a.balance FROM ledger_accounts a WHERE NOT a.is_hot
        UNION ALL
        SELECT a.currency, s.balance FROM ledger_account_shards s JOIN ledger_accounts a ON a.id = s.account_id
      ) AS balances GROUP BY currency ORDER BY currency`),
  );
  return Object.fromEntries(rows.map((row) => [row.currency, toBigInt(row.total)]));
}

/** The AppError code of a rejected promise, or 'OK'. */
export async function codeOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
    return 'OK';
  } catch (error) {
    if (isAppError(error)) return error.code;
    throw error;
  }
}
