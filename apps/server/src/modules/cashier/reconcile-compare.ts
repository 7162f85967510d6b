import type { StatementLine } from './payment-provider';

/*
 * The comparison rules of the payment reconciliation (reconcile-provider-day.ts), kept pure so
 * they are tested without a database. A provider's status word is read into one of four states;
 * our deposits and payouts are read the same way; two records of one payment agree when both
 * states and the amount agree.
 */

export type SettledState = 'paid' | 'failed' | 'reversed' | 'pending';
export type MismatchKind = 'missing_ours' | 'missing_theirs' | 'amount' | 'status';

const PAID = new Set(['success', 'successful', 'completed', 'complete', 'paid', 'settled']);
const REVERSED = new Set(['reversed', 'refunded', 'reversal', 'chargeback']);
const PENDING = new Set(['pending', 'initiated', 'orderinitiated', 'ready', 'inprogress', 'in progress', 'processing', 'sent']);

/** A statement's status word (bKash "Completed", Nagad "Success", M-Pesa "Completed"...) in our four states. */
export function stateOfStatementStatus(status: string): SettledState {
  const word = status.trim().toLowerCase();
  if (PAID.has(word)) return 'paid';
  if (REVERSED.has(word)) return 'reversed';
  if (PENDING.has(word)) return 'pending';
  return 'failed';
}

/** Our deposit: only an approved one was credited. */
export function stateOfDeposit(status: string): SettledState {
  if (status === 'approved') return 'paid';
  if (status === 'pending') return 'pending';
  return 'failed';
}

/** Our provider payout: `sending`/`sent` wait for the provider's result. */
export function stateOfPayout(status: string): SettledState {
  if (status === 'paid') return 'paid';
  if (status === 'failed') return 'failed';
  return 'pending';
}

export interface OurRecord {
  id: number;
  amount: bigint;
  status: string;
  state: SettledState;
  /** Every id the provider may use for it: its payment/payout id, its transaction id, our reference. */
  keys: string[];
}

/** How one of ours and one of theirs about the same payment differ; null when they agree. */
export function compareRecords(ours: OurRecord, theirs: StatementLine): MismatchKind | null {
  const theirState = stateOfStatementStatus(theirs.status);
  if (theirState !== ours.state) return 'status';
  if (theirState === 'paid' && theirs.amount !== ours.amount) return 'amount';
  return null;
}

/** Only a line that moved money needs a record on our side; an aborted attempt we never heard of is noise. */
export function isMissingOursWorthListing(theirs: StatementLine): boolean {
  const state = stateOfStatementStatus(theirs.status);
  return state === 'paid' || state === 'reversed';
}
