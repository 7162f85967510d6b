import { z } from 'zod';

/*
 * Evolution One Wallet, as published (the casino side of Evolution's seamless wallet): the
 * request bodies Evolution sends to the casino, the answer shape and the status list. Field
 * names, units and statuses are the protocol's, not ours; the adapter (routes.ts) maps them to
 * the wallet core. docs/vendor-integration.md, "Evolution One Wallet adapter", has the table.
 *
 * Amounts are JSON decimal numbers in the player's currency (e.g. 10.5, 0.25); answers carry
 * `balance` and `bonus` as decimal numbers with at most 2 places (our ledger's minor unit).
 */

/** Every status the One Wallet protocol publishes. We answer a subset (see EVOLUTION_STATUSES_USED). */
export const EVOLUTION_STATUSES = [
  'OK',
  'TEMPORARY_ERROR',
  'INVALID_TOKEN_ID',
  'INVALID_SID',
  'ACCOUNT_LOCKED',
  'FATAL_ERROR_CLOSE_USER_SESSION',
  'UNKNOWN_ERROR',
  'INVALID_PARAMETER',
  'BET_DOES_NOT_EXIST',
  'BET_ALREADY_EXIST',
  'BET_ALREADY_SETTLED',
  'INSUFFICIENT_FUNDS',
  'FINAL_ERROR_ACTION_FAILED',
] as const;
export type EvolutionStatus = (typeof EVOLUTION_STATUSES)[number];

/** The protocol's calls, as path segments under the adapter's prefix. */
export const EVOLUTION_CALLS = ['check', 'balance', 'debit', 'credit', 'cancel', 'promo_payout'] as const;
export type EvolutionCall = (typeof EVOLUTION_CALLS)[number];

/** Ids Evolution sends (sid, userId, uuid, transaction ids): printable, bounded. */
const evoId = z
  .string()
  .min(1)
  .max(128)
  .regex(/^[\x21-\x7e]+$/);
/** A JSON decimal; the exact parsing rule (places, sub-cent) lives in amounts.ts. */
const evoAmount = z.number().finite();

export const evolutionGame = z
  .object({
    id: z.string().max(128).nullish(),
    type: z.string().max(64).nullish(),
    details: z
      .object({
        table: z.object({ id: z.string().max(128).nullish(), vid: z.string().max(128).nullish() }).nullish(),
      })
      .nullish(),
  })
  .nullish();
export type EvolutionGame = z.infer<typeof evolutionGame>;

export const evolutionCheckRequest = z.object({
  sid: evoId,
  userId: evoId,
  channel: z.object({ type: z.string().max(8).nullish() }).nullish(),
  uuid: evoId,
});
export type EvolutionCheckRequest = z.infer<typeof evolutionCheckRequest>;

export const evolutionBalanceRequest = z.object({
  sid: evoId,
  userId: evoId,
  currency: z.string().regex(/^[A-Z]{3}$/),
  game: evolutionGame,
  uuid: evoId,
});
export type EvolutionBalanceRequest = z.infer<typeof evolutionBalanceRequest>;

export const evolutionTransactionRequest = z.object({
  sid: evoId,
  userId: evoId,
  currency: z.string().regex(/^[A-Z]{3}$/),
  game: evolutionGame,
  transaction: z.object({ id: evoId, refId: evoId, amount: evoAmount }),
  uuid: evoId,
});
export type EvolutionTransactionRequest = z.infer<typeof evolutionTransactionRequest>;

export const evolutionPromoRequest = z.object({
  sid: evoId,
  userId: evoId,
  currency: z.string().regex(/^[A-Z]{3}$/),
  game: evolutionGame,
  promoTransaction: z.object({
    /** e.g. JackpotWin, FreeRoundPlayableSpent, RewardGamePlayableSpent, RewardGameWinCapReached, RemovedPromoPayout. */
    type: z.string().min(1).max(64),
    id: evoId,
    amount: evoAmount,
    voucherId: z.string().max(128).nullish(),
    remainingRounds: z.number().int().nullish(),
    jackpots: z.array(z.object({ id: z.string().max(128), winAmount: z.number().finite() })).nullish(),
  }),
  uuid: evoId,
});
export type EvolutionPromoRequest = z.infer<typeof evolutionPromoRequest>;

/** The answer to every call but check. */
export interface EvolutionAnswer {
  status: EvolutionStatus;
  balance?: number;
  bonus?: number;
  uuid: string;
}

/** The answer to check (a new sid may be handed back; Evolution uses it from then on). */
export interface EvolutionCheckAnswer {
  status: EvolutionStatus;
  sid?: string;
  uuid: string;
}

/** An answer the adapter refuses a call with; `balance` is added when the player is known. */
export class EvolutionRefusal extends Error {
  readonly status: EvolutionStatus;
  constructor(status: EvolutionStatus, message?: string) {
    super(message ?? status);
    this.name = 'EvolutionRefusal';
    this.status = status;
  }
}

export function isEvolutionRefusal(error: unknown): error is EvolutionRefusal {
  return error instanceof EvolutionRefusal;
}
