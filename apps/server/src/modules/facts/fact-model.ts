import type { Tx } from '../../platform/db';

/*
 * What every loyalty engine reacts to (docs/ARCHITECTURE.md "Facts"). A fact is a settled,
 * real-money (non-trial), non-void round or a credited deposit, written in the transaction that
 * moved the money; an engine sees each fact exactly once.
 */

export type FactKind = 'ROUND' | 'DEPOSIT';

export interface Fact {
  /** The queue id: an engine's effect rows may key on (engine, fact id). */
  id: number;
  kind: FactKind;
  merchantId: number;
  memberId: number;
  /** game_rounds.id for a ROUND, deposits.id for a DEPOSIT. */
  sourceId: number;
  /** The round's game type (the catalogue category played); null for a deposit. */
  gameType: string | null;
  /** A round's valid bet (its net stake) or the deposit's credited amount, in minor units. */
  amount: bigint;
  /** A round's payout; 0 for a deposit. */
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
  apply(tx: Tx, facts: readonly Fact[]): Promise<void>;
}

export type RoundFactInput = Omit<Fact, 'id' | 'kind'>;

export interface DepositFactInput {
  merchantId: number;
  memberId: number;
  sourceId: number;
  amount: bigint;
  occurredAt: Date;
}
