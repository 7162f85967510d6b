import type { RiskRule } from '@kismat/contracts/risk-admin';

/*
 * The risk rules (issue 19, docs/risk.md) and their thresholds. Each rule scans what happened
 * since its watermark (risk_scan_marks) in bounded batches and writes one flag per (member,
 * rule, evidence); finding the same evidence again writes nothing.
 */

export type Severity = 'LOW' | 'MEDIUM' | 'HIGH';

export const RULE_SEVERITY: Record<RiskRule, Severity> = {
  // Same IP and the same browser string: most likely one person with two accounts.
  SHARED_DEVICE: 'HIGH',
  // A shared IP alone is common (mobile carriers and offices put many people behind one address).
  SHARED_IP: 'LOW',
  // Two accounts paying out to one bank or wallet account: bonus abuse or collusion.
  SHARED_BANK_ACCOUNT: 'HIGH',
  SHARED_PHONE: 'HIGH',
  MANY_ACCOUNTS_ONE_IP: 'MEDIUM',
  // Money in and straight out with little play: laundering through the wallet.
  DEPOSIT_WITHDRAW_LOW_PLAY: 'MEDIUM',
  // Both sides of an even-chance bet: turnover, rebate and points farming.
  BOTH_SIDES: 'MEDIUM',
};

/** Accounts registered from one IP in one day before the IP is flagged. */
export const MANY_ACCOUNTS_THRESHOLD = 3;
/** Stakes below this share of the deposits before a withdrawal count as little play (basis points). */
export const LOW_PLAY_RATIO_BP = 3000n;
/** How far back deposits are counted against a withdrawal. */
export const LOW_PLAY_LOOKBACK_DAYS = 30;
/** Members (or withdrawals) one run of one rule looks at; the next run continues from the watermark. */
export const SCAN_BATCH = 500;
/** A first scan of a merchant looks this far back. */
export const FIRST_SCAN_LOOKBACK_MS = 7 * 24 * 60 * 60 * 1000;
