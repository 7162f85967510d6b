import type { LedgerAccountCode } from '@kismat/contracts/wallet';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db';
import { rowsOf, toBigInt, toNumber } from '../../platform/sql-values';
import { intArray } from './bulk-transfer-sql';
import { ACCOUNT_RULES } from './ledger-model';
import { checkMerchantId, invalidTransfer } from './ledger-request';

/*
 * Set-based forms of openAccount and collectFromUpline for a settlement that pays thousands of
 * bills in one transaction (issue 16): one statement for all payees' accounts, one lock for all
 * payers' funds, instead of two or three statements per bill.
 */

/** Opens (or finds) the `code` account of each member, in two statements whatever their number; member id -> account id. */
export async function openMemberAccounts(
  tx: Tx,
  input: { merchantId: number; code: LedgerAccountCode; currency: string; memberIds: readonly number[] },
): Promise<Map<number, number>> {
  checkMerchantId(input.merchantId);
  const rule = ACCOUNT_RULES[input.code];
  // Cold member or agent accounts only (a hot or system account is opened with openAccount).
  if (!rule || rule.ownerKind === 'system' || rule.shardCount > 0) throw invalidTransfer('account_code', { code: input.code });
  const currency = rule.fixedCurrency ?? input.currency;
  if (!/^[A-Z]{3}$/.test(currency)) throw invalidTransfer('currency', { currency });
  const ids = [...new Set(input.memberIds)];
  if (ids.some((id) => !Number.isSafeInteger(id) || id <= 0)) throw invalidTransfer('account_owner', { code: input.code });
  const opened = new Map<number, number>();
  if (ids.length === 0) return opened;
  // A concurrent opener waits on the unique index; the SELECT then finds both its and our rows.
  await tx.execute(sql`
    INSERT INTO ledger_accounts (merchant_id, owner_kind, owner_member_id, code, subkey, currency, is_trial, is_hot, allows_negative, shard_count)
    SELECT ${input.merchantId}, ${rule.ownerKind}, owner, ${input.code}, '', ${currency}, ${rule.isTrial}, false, false, 0
      FROM unnest(${intArray(ids)}) AS owner ORDER BY owner
    ON CONFLICT DO NOTHING`);
  const rows = rowsOf<{ id: unknown; owner_member_id: unknown }>(
    await tx.execute(sql`
      SELECT id, owner_member_id FROM ledger_accounts
       WHERE merchant_id = ${input.merchantId} AND code = ${input.code} AND subkey = '' AND currency = ${currency}
         AND owner_member_id = ANY(${intArray(ids)})`),
  );
  for (const row of rows) opened.set(toNumber(row.owner_member_id), toNumber(row.id));
  return opened;
}

export interface UplineFunds {
  earnings: { accountId: number; free: bigint } | null;
  cash: { accountId: number; free: bigint } | null;
}

/**
 * What each payer can pay right now, as collectFromUpline reads it for one: its AGENT_EARNINGS and
 * its cash wallet (available = balance - held), every such account of every payer locked in id
 * order in one statement, inside the caller's transaction, so what was read stays spendable until
 * the transfers are posted. A payer without an account has nothing in it.
 */
export async function lockUplineFunds(
  tx: Tx,
  input: { merchantId: number; currency: string; payerIds: readonly number[] },
): Promise<Map<number, UplineFunds>> {
  const funds = new Map<number, UplineFunds>();
  const ids = [...new Set(input.payerIds)];
  for (const id of ids) funds.set(id, { earnings: null, cash: null });
  if (ids.length === 0) return funds;
  const rows = rowsOf<{ id: unknown; owner_member_id: unknown; code: string; balance: unknown; held: unknown }>(
    await tx.execute(sql`
      SELECT id, owner_member_id, code, balance, held FROM ledger_accounts
       WHERE merchant_id = ${input.merchantId} AND owner_member_id = ANY(${intArray(ids)})
         AND code IN ('AGENT_EARNINGS', 'MEMBER_CASH') AND currency = ${input.currency} AND subkey = ''
       ORDER BY id FOR UPDATE`),
  );
  for (const row of rows) {
    const payer = funds.get(toNumber(row.owner_member_id));
    if (!payer) continue;
    const free = toBigInt(row.balance) - toBigInt(row.held);
    const account = { accountId: toNumber(row.id), free: free > 0n ? free : 0n };
    if (row.code === 'AGENT_EARNINGS') payer.earnings = account;
    else payer.cash = account;
  }
  return funds;
}
