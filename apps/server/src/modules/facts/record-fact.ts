import { type SQL, sql } from 'drizzle-orm';
import { factQueue } from '../../db/schema/facts';
import type { Tx } from '../../platform/db';
import type { DepositFactInput, RoundFactInput, WithdrawalFactInput } from './fact-model';

/*
 * Enqueueing facts. The caller passes its money transaction: the fact commits with the money
 * movement that makes it true, or not at all. The caller also calls this only on the transition
 * that makes the fact true (a round's settlement, a deposit's credit, a withdrawal's approval), which happens once; the
 * unique (kind, source_id) index is the second guard, so a retried vendor win or a second gateway
 * callback racing the first can never enqueue the same fact twice while it is pending.
 */

/** A settled real-money round; a round with no valid bet (void, rolled back, free) is no fact. */
export async function recordRoundFact(tx: Tx, input: RoundFactInput): Promise<void> {
  await recordRoundFacts(tx, [input]);
}

/** Several settled rounds in one statement (a lottery draw settles every ticket at once). */
export async function recordRoundFacts(tx: Tx, inputs: readonly RoundFactInput[]): Promise<void> {
  const rows = inputs
    .filter((input) => input.amount > 0n)
    .map((input) => ({
      merchantId: input.merchantId,
      memberId: input.memberId,
      kind: 'ROUND' as const,
      sourceId: input.sourceId,
      gameType: input.gameType,
      amount: input.amount,
      payout: input.payout < 0n ? 0n : input.payout,
      occurredAt: input.occurredAt,
    }));
  if (rows.length === 0) return;
  await tx
    .insert(factQueue)
    .values(rows)
    .onConflictDoNothing({ target: [factQueue.kind, factQueue.sourceId] });
}

/**
 * `recordRoundFact` as a part for a statement the caller runs anyway (the slot spin writes its
 * game round and this fact in one round trip): an INSERT whose source id is `sourceId`, a scalar
 * SQL expression (the round the same statement inserts); null when the round is no fact.
 */
export function roundFactSql(input: Omit<RoundFactInput, 'sourceId'> & { sourceId: SQL }): SQL | null {
  if (input.amount <= 0n) return null;
  return sql`
    INSERT INTO fact_queue (merchant_id, member_id, kind, source_id, game_type, amount, payout, occurred_at)
    VALUES (${input.merchantId}, ${input.memberId}, 'ROUND', ${input.sourceId}, ${input.gameType}, ${String(input.amount)}::bigint,
            ${String(input.payout < 0n ? 0n : input.payout)}::bigint, ${input.occurredAt.toISOString()}::timestamptz)
    ON CONFLICT (kind, source_id) DO NOTHING`;
}

/** A credited deposit (the amount that reached the member's cash). */
export async function recordDepositFact(tx: Tx, input: DepositFactInput): Promise<void> {
  await recordMoneyFact(tx, 'DEPOSIT', input);
}

/**
 * An approved withdrawal (the amount paid out of the member's cash), at its resolution time. Only
 * the agent report rollups take this kind (FactEngine.kinds); the loyalty engines never see it.
 */
export async function recordWithdrawalFact(tx: Tx, input: WithdrawalFactInput): Promise<void> {
  await recordMoneyFact(tx, 'WITHDRAWAL', input);
}

async function recordMoneyFact(tx: Tx, kind: 'DEPOSIT' | 'WITHDRAWAL', input: DepositFactInput): Promise<void> {
  if (input.amount <= 0n) return;
  await tx
    .insert(factQueue)
    .values({
      merchantId: input.merchantId,
      memberId: input.memberId,
      kind,
      sourceId: input.sourceId,
      gameType: null,
      amount: input.amount,
      payout: 0n,
      occurredAt: input.occurredAt,
    })
    .onConflictDoNothing({ target: [factQueue.kind, factQueue.sourceId] });
}
