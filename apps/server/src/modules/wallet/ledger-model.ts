import { type LedgerAccountCode, type LedgerOwnerKind, type LedgerTransferType, POINTS_CURRENCY } from '@kismat/contracts/wallet';
import type { LedgerEntryRow, LedgerHoldRow, LedgerTransferRow } from '../../db/schema/ledger';

/** Business time source; tests pass a fixed clock, production the wall clock. */
export type Clock = () => Date;
export const systemClock: Clock = () => new Date();

export interface LedgerEntryInput {
  accountId: number;
  /** Minor units; negative debits the account, positive credits it. */
  amount: bigint;
}

/** The business row a transfer or hold belongs to (a deposit, a withdrawal, a bet...). */
export interface LedgerReference {
  kind: string;
  id: string;
}

export interface TransferRequest {
  merchantId: number;
  /** Unique per merchant; the same key again returns the first result (see docs/ledger.md). */
  idempotencyKey: string;
  type: LedgerTransferType;
  reference?: LedgerReference | undefined;
  entries: readonly LedgerEntryInput[];
  description?: string | undefined;
  /** Free-form context (operator id, reason, vendor round). Not part of the idempotency hash. */
  metadata?: Record<string, unknown> | undefined;
}

export type LedgerTransfer = Omit<LedgerTransferRow, 'requestHash'>;
export type LedgerEntry = LedgerEntryRow;
export type LedgerHold = Omit<LedgerHoldRow, 'requestHash'>;

export interface PostedTransfer {
  transfer: LedgerTransfer;
  /** In account id order (the order the accounts were locked). */
  entries: LedgerEntry[];
  /** True when the idempotency key was seen before and nothing moved this time. */
  isReplay: boolean;
}

export interface AccountRule {
  ownerKind: LedgerOwnerKind;
  isTrial: boolean;
  /** Hot accounts keep their balance in shards; see docs/ledger.md "Hot accounts". */
  shardCount: number;
  /** Points are not money and live in their own currency. */
  fixedCurrency?: string;
}

/**
 * What each account code is. Only system accounts may go negative (a clearing account is the
 * mirror of money held outside the ledger; a cost account accumulates what was given away),
 * and every system account is hot because each member movement has one as counterparty.
 */
export const ACCOUNT_RULES: Record<LedgerAccountCode, AccountRule> = {
  MEMBER_CASH: { ownerKind: 'member', isTrial: false, shardCount: 0 },
  MEMBER_BONUS: { ownerKind: 'member', isTrial: false, shardCount: 0 },
  MEMBER_POINTS: { ownerKind: 'member', isTrial: false, shardCount: 0, fixedCurrency: POINTS_CURRENCY },
  MEMBER_TRIAL: { ownerKind: 'member', isTrial: true, shardCount: 0 },
  AGENT_EARNINGS: { ownerKind: 'agent', isTrial: false, shardCount: 0 },
  HOUSE: { ownerKind: 'system', isTrial: false, shardCount: 16 },
  CASHIER_CLEARING: { ownerKind: 'system', isTrial: false, shardCount: 4 },
  VENDOR_CLEARING: { ownerKind: 'system', isTrial: false, shardCount: 8 },
  PROMOTION_COST: { ownerKind: 'system', isTrial: false, shardCount: 4 },
  AGENT_COMMISSION_COST: { ownerKind: 'system', isTrial: false, shardCount: 4 },
  LOYALTY_EXPENSE: { ownerKind: 'system', isTrial: false, shardCount: 4 },
  POINTS_ISSUER: { ownerKind: 'system', isTrial: false, shardCount: 4, fixedCurrency: POINTS_CURRENCY },
  ADJUSTMENT: { ownerKind: 'system', isTrial: false, shardCount: 2 },
  // Trial games play against the issuer, so play money never reaches HOUSE.
  TRIAL_ISSUER: { ownerKind: 'system', isTrial: true, shardCount: 8 },
};

/** Largest number of entries in one transfer; a bet with bonus and fees needs a handful. */
export const MAX_ENTRIES_PER_TRANSFER = 32;
export const MAX_KEY_LENGTH = 200;
export const MAX_REFERENCE_LENGTH = 100;
