import type { Tx } from '../../platform/db';

/*
 * What every loyalty engine reacts to (docs/ARCHITECTURE.md "Facts"). A fact is a settled,
 * real-money (non-trial), non-void round, a credited deposit or an approved (paid out) withdrawal,
 * written in the transaction that moved the money; an engine sees each fact of its kinds exactly once.
 */

export type FactKind = 'ROUND' | 'DEPOSIT' | 'WITHDRAWAL';

/** What an engine sees when it names no kinds: the loyalty engines react to play and deposits, never to withdrawals. */
export const DEFAULT_FACT_KINDS: readonly FactKind[] = ['ROUND', 'DEPOSIT'];

export interface Fact {
  /** The queue id: an engine's effect rows may key on (engine, fact id). */
  id: number;
  kind: FactKind;
  merchantId: number;
  memberId: number;
  /** game_rounds.id for a ROUND, deposit_requests.id for a DEPOSIT, withdrawal_requests.id for a WITHDRAWAL. */
  sourceId: number;
  /** The round's game type (the catalogue category played); null for a deposit or withdrawal. */
  gameType: string | null;
  /** A round's valid bet (its net stake), the deposit's credited amount or the withdrawal's paid amount, in minor units. */
  amount: bigint;
  /** A round's payout; 0 for a deposit or withdrawal. */
  payout: bigint;
  occurredAt: Date;
}

/**
 * An engine applies a batch of facts inside the consumer's transaction; it must be deterministic
 * and may only write its own tables / post ledger transfers through the wallet face. Throwing
 * rolls the whole batch back (every engine's work on it), so the batch is retried.
 */
export interface FactEngine {
  readonly name: string;
  /** The kinds this engine is given (DEFAULT_FACT_KINDS when absent); the consumer filters each batch. */
  readonly kinds?: readonly FactKind[];
  apply(tx: Tx, facts: readonly Fact[]): Promise<void>;
}

export type RoundFactInput = Omit<Fact, 'id' | 'kind'>;

/** A credited deposit (sourceId: the deposit request) or an approved withdrawal (sourceId: the withdrawal request). */
export interface DepositFactInput {
  merchantId: number;
  memberId: number;
  sourceId: number;
  amount: bigint;
  occurredAt: Date;
}

export type WithdrawalFactInput = DepositFactInput;
