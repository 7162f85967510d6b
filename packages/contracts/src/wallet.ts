import { z } from 'zod';
import { moneyString } from './envelope';

/**
 * Money on the wire and in the ledger. Amounts are integer minor units (poisha for BDT) held
 * in `bigint`; the API writes them as decimal strings with exactly two places. Floats never
 * touch money: 0.1 + 0.2 is 0.30000000000000004, and a parser that rounded it would invent or
 * lose a poisha on some input, so such input is refused instead.
 */
export const MONEY_SCALE = 2;
const MINOR_PER_UNIT = 100n;

/**
 * Largest amount one call may carry: 999,999,999,999.99. Far above any real stake or deposit,
 * far below bigint's 9.2e18, so sums of many amounts cannot overflow the column either.
 */
export const MAX_AMOUNT_MINOR = 99_999_999_999_999n;

export type AmountErrorReason = 'NOT_A_STRING' | 'FORMAT' | 'TOO_MANY_DECIMALS' | 'NEGATIVE' | 'ZERO' | 'TOO_LARGE';

export class AmountError extends Error {
  readonly reason: AmountErrorReason;
  constructor(reason: AmountErrorReason, input: unknown) {
    super(`Invalid amount (${reason}): ${String(input).slice(0, 40)}`);
    this.name = 'AmountError';
    this.reason = reason;
  }
}

export interface ParseAmountOptions {
  /** Accept a leading minus (adjustments). Default false. */
  allowNegative?: boolean;
  /** Accept 0 / 0.00. Default false: a zero transfer is a mistake somewhere upstream. */
  allowZero?: boolean;
  /** Largest absolute value in minor units. Default MAX_AMOUNT_MINOR. */
  max?: bigint;
}

// ASCII digits only (JS `\d` without the u flag); no exponent, no separators, no leading '+',
// no leading zeros ("007.00" is refused so one amount has one spelling).
const AMOUNT_PATTERN = /^(-?)(0|[1-9]\d*)(?:\.(\d+))?$/;
const MAX_WHOLE_DIGITS = 15;

export type AmountParseResult = { ok: true; value: bigint } | { ok: false; reason: AmountErrorReason };

/**
 * Parses "1234.5" / "1234.50" / "1234" into minor units. A JS number is accepted only when its
 * own shortest spelling passes the same rules, so 0.1 is 10n but 0.30000000000000004 and 1e21
 * are refused rather than rounded.
 */
export function tryParseAmount(input: unknown, options: ParseAmountOptions = {}): AmountParseResult {
  let text: string;
  if (typeof input === 'string') text = input;
  else if (typeof input === 'number' && Number.isFinite(input)) text = String(input);
  else return { ok: false, reason: 'NOT_A_STRING' };

  const match = AMOUNT_PATTERN.exec(text);
  if (!match) return { ok: false, reason: 'FORMAT' };
  const [, sign = '', whole = '0', fraction = ''] = match;
  if (fraction.length > MONEY_SCALE) return { ok: false, reason: 'TOO_MANY_DECIMALS' };
  if (whole.length > MAX_WHOLE_DIGITS) return { ok: false, reason: 'TOO_LARGE' };

  const magnitude = BigInt(whole) * MINOR_PER_UNIT + BigInt(fraction.padEnd(MONEY_SCALE, '0') || '0');
  if (sign === '-' && magnitude === 0n) return { ok: false, reason: 'FORMAT' };
  if (sign === '-' && !options.allowNegative) return { ok: false, reason: 'NEGATIVE' };
  if (magnitude === 0n && !options.allowZero) return { ok: false, reason: 'ZERO' };
  if (magnitude > (options.max ?? MAX_AMOUNT_MINOR)) return { ok: false, reason: 'TOO_LARGE' };
  return { ok: true, value: sign === '-' ? -magnitude : magnitude };
}

/** Like tryParseAmount but throws AmountError; for trusted or already validated input. */
export function parseAmount(input: unknown, options: ParseAmountOptions = {}): bigint {
  const result = tryParseAmount(input, options);
  if (!result.ok) throw new AmountError(result.reason, input);
  return result.value;
}

/** Minor units to the API's two-decimal string: 123456n -> "1234.56", -5n -> "-0.05". */
export function formatAmount(minor: bigint): string {
  const negative = minor < 0n;
  const magnitude = negative ? -minor : minor;
  const whole = magnitude / MINOR_PER_UNIT;
  const fraction = (magnitude % MINOR_PER_UNIT).toString().padStart(MONEY_SCALE, '0');
  return `${negative ? '-' : ''}${whole}.${fraction}`;
}

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
