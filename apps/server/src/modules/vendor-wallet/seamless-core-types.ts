import type { Db } from '../../platform/db';
import type { AggregatorContract } from './aggregator-session';
import type { VendorBatcher } from './vendor-batch';
import type { VendorDirectory } from './vendor-directory';

/* The aggregator wallet core's types (seamless-core.ts): what adapters pass in and get back. */

/** Everything the core needs from the app: the same directory and group commit as /vendor-api/v1. */
export interface AggregatorWallet {
  db: Db;
  directory: VendorDirectory;
  batcher: VendorBatcher;
  now: () => Date;
}

/** The core's answer codes; each adapter maps them to its protocol's statuses. */
export type CoreStatus =
  | 'OK'
  /** Unknown token, another contract's token, or another user than the token's. */
  | 'INVALID_TOKEN'
  /** The session expired: a NEW bet is refused (wins and rollbacks are not). */
  | 'TOKEN_EXPIRED'
  | 'USER_DISABLED'
  /** A game code the catalogue does not have (or another game than its round's). */
  | 'INVALID_GAME'
  | 'WRONG_CURRENCY'
  /** Balance too low; `balance` is the real balance. */
  | 'NOT_ENOUGH_MONEY'
  /** A responsible-gambling limit would be crossed, or a promotion's max bet. */
  | 'LIMIT_REACHED'
  /** The transaction id was used with other content. */
  | 'DUPLICATE'
  /** A win or rollback names no bet of this player/round ("does not exist"). */
  | 'NOT_FOUND'
  /** The named bet was rolled back (or tombstoned by an earlier rollback). */
  | 'ROLLED_BACK'
  /** The round is settled: no further win, no refund of its stakes. */
  | 'SETTLED'
  /** A bet into a round closed by an earlier bet. */
  | 'ROUND_CLOSED'
  /** An amount that is negative, too large or not a whole number of minor units. */
  | 'INVALID_AMOUNT'
  /** A field the core cannot use (e.g. a round of another player or game). */
  | 'INVALID_REQUEST';

export interface CoreResult {
  status: CoreStatus;
  /** The player's balance in minor units after the call (on NOT_ENOUGH_MONEY: the real balance); null when unknown (token errors). */
  balance: bigint | null;
  currency: string | null;
  /** Our user id (member id as text) when the token was valid. */
  user: string | null;
  /** Human text for logs. */
  message?: string;
}

/** What an aggregator may tell about a bet beyond its amount: carried to the round (aggregator_bets). */
export interface BetAttributes {
  /** A free bet: no stake is taken from the member; `amount` is its face value (recorded). */
  isFree?: boolean;
  /** A supplier's promotion (prize drop, tournament), no operator money involved on their side. */
  isSupplierPromo?: boolean;
  /** The aggregator's bet type (Hub88 `bet`). */
  betType?: string | null;
  /** The studio's own user id (Hub88 `supplier_user`). */
  supplierUser?: string | null;
  /** Free-form data of the aggregator (Hub88 `meta`). */
  meta?: unknown;
}

/** Fields every money call carries. */
export interface CoreCallBase {
  contract: AggregatorContract;
  /** The multi-use session token. */
  token: string;
  /** The user the aggregator names (checked against the token's member). */
  user: string;
  /** The aggregator's request id, echoed in stored answers. */
  requestId: string;
  /** The aggregator's transaction id: the idempotency key of this call. */
  transactionId: string;
  gameCode: string;
}

export interface CoreBetInput extends CoreCallBase {
  roundId: string;
  amount: bigint;
  currency: string;
  /** The bet ends the round's betting (its win is still due). */
  isRoundClosed?: boolean;
  attributes?: BetAttributes;
}

export interface CoreSettleInput extends CoreCallBase {
  /** The round; null: the referenced bet's round (a protocol whose win may omit it). */
  roundId: string | null;
  /** The bet this win settles; without it the round's live bets are what it settles. */
  referenceTransactionId?: string;
  /** 0 settles a lost round. */
  amount: bigint;
  currency: string;
  /** Default true: the win settles the round (false: more wins follow). */
  isRoundClosed?: boolean;
  attributes?: BetAttributes;
}

export interface CoreRollbackInput extends CoreCallBase {
  /** The bet (or win) to undo. */
  referenceTransactionId: string;
  /** The round, when the aggregator names it; else the referenced transaction's round. */
  roundId?: string | null;
}

export interface CorePromoCreditInput extends CoreCallBase {
  /** A round id when the aggregator gives one; else `promo:<transactionId>`. */
  roundId?: string | null;
  amount: bigint;
  currency: string;
  attributes?: BetAttributes;
}

export type BetState = 'open' | 'settled' | 'rolled_back' | 'does_not_exist';
