import { z } from 'zod';
import { type ParseAmountOptions, tryParseAmount } from './amount';
import { moneyString } from './envelope';

export * from './amount';

/** A request field holding a positive amount; the parsed value is minor units (bigint). */
export function amountInput(options: ParseAmountOptions = {}) {
  return z.union([z.string(), z.number()]).transform((value, context) => {
    const result = tryParseAmount(value, options);
    if (result.ok) return result.value;
    context.addIssue({ code: 'custom', message: `amount ${result.reason}`, params: { reason: result.reason } });
    return z.NEVER;
  });
}

/** A response field: minor units written as "1234.50". */
export const amountOutput = moneyString;

/** Ledger vocabulary shared by the server, the agent centre and the back office. */
export const LEDGER_OWNER_KINDS = ['member', 'agent', 'system'] as const;
export type LedgerOwnerKind = (typeof LEDGER_OWNER_KINDS)[number];

export const LEDGER_ACCOUNT_CODES = [
  // A member's wallets. Trial play money lives apart and can never meet real money.
  'MEMBER_CASH',
  'MEMBER_BONUS',
  'MEMBER_POINTS',
  'MEMBER_TRIAL',
  // An agent's commission, salary and dividend earnings (its spendable wallet is MEMBER_CASH).
  'AGENT_EARNINGS',
  // System accounts: counterparties of every member movement; hot (see docs/ledger.md).
  'HOUSE',
  'CASHIER_CLEARING',
  'VENDOR_CLEARING',
  'PROMOTION_COST',
  'AGENT_COMMISSION_COST',
  /** What loyalty pays out in cash: VIP bonuses, rebates, mission cash, points converted or redeemed for cash. */
  'LOYALTY_EXPENSE',
  'POINTS_ISSUER',
  'ADJUSTMENT',
  'TRIAL_ISSUER',
] as const;
export type LedgerAccountCode = (typeof LEDGER_ACCOUNT_CODES)[number];

export const LEDGER_TRANSFER_TYPES = [
  'deposit',
  'withdrawal_hold',
  'withdrawal_paid',
  'withdrawal_returned',
  'transfer_downline',
  'transfer_upline',
  'bet',
  'payout',
  'rollback',
  'bonus',
  'bonus_release',
  'bonus_forfeit',
  'rebate',
  'salary',
  'dividend',
  /** An agent moves its contract earnings (AGENT_EARNINGS) into its own cash wallet. */
  'earnings_to_wallet',
  'points',
  'points_redeem',
  'adjustment',
  'trial_grant',
  'reversal',
] as const;
export type LedgerTransferType = (typeof LEDGER_TRANSFER_TYPES)[number];
export const ledgerTransferType = z.enum(LEDGER_TRANSFER_TYPES);

export const LEDGER_HOLD_STATUSES = ['pending', 'posted', 'voided'] as const;
export type LedgerHoldStatus = (typeof LEDGER_HOLD_STATUSES)[number];

/** Points are counted in whole points in their own currency; they are not taka. */
export const POINTS_CURRENCY = 'PTS';

/** A member's balances as the API shows them (minor units formatted as "1234.50"). */
export const memberBalancesValue = z.object({
  currency: z.string(),
  currencySymbol: z.string(),
  /** What the member can spend or withdraw now: cash minus amounts on hold. */
  balance: amountOutput,
  cash: amountOutput,
  held: amountOutput,
  bonus: amountOutput,
  trial: amountOutput,
  points: z.string(),
});
export type MemberBalancesValue = z.infer<typeof memberBalancesValue>;

/**
 * What /ws pushes when a member's money moved outside the member's own requests (a game
 * vendor's bet, win or rollback): the header's figures, read after the calls committed.
 */
export const balancePushMessage = z.object({
  type: z.literal('balance'),
  /** Cash minus holds, as member info's `balance`. */
  balance: amountOutput,
  /** Play money, as member info's `trialBalance`. */
  trialBalance: amountOutput,
});
export type BalancePushMessage = z.infer<typeof balancePushMessage>;
