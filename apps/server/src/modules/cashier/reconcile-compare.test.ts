import { describe, expect, it } from 'vitest';
import type { StatementLine } from './payment-provider';
import {
  compareRecords,
  isMissingOursWorthListing,
  type OurRecord,
  stateOfDeposit,
  stateOfPayout,
  stateOfStatementStatus,
} from './reconcile-compare';

const line = (status: string, amount = 10_000n): StatementLine => ({
  direction: 'in',
  providerTransactionId: 'T1',
  merchantReference: null,
  amount,
  occurredAt: new Date('2026-11-26T10:00:00Z'),
  status,
});
const ours = (status: string, amount = 10_000n): OurRecord => ({ id: 1, amount, status, state: stateOfDeposit(status), keys: ['T1'] });

describe('reconciliation rules', () => {
  it('reads each provider’s status words into four states', () => {
    expect(['Success', 'Completed', 'completed'].map(stateOfStatementStatus)).toEqual(['paid', 'paid', 'paid']);
    expect(['Reversed', 'Refunded'].map(stateOfStatementStatus)).toEqual(['reversed', 'reversed']);
    expect(['Ready', 'InProgress', 'OrderInitiated', 'Pending'].map(stateOfStatementStatus)).toEqual([
      'pending',
      'pending',
      'pending',
      'pending',
    ]);
    expect(['Aborted', 'Failed', 'Cancelled', 'Fraud'].map(stateOfStatementStatus)).toEqual(['failed', 'failed', 'failed', 'failed']);
    expect([stateOfDeposit('approved'), stateOfDeposit('expired'), stateOfDeposit('pending')]).toEqual(['paid', 'failed', 'pending']);
    expect([stateOfPayout('paid'), stateOfPayout('failed'), stateOfPayout('sent'), stateOfPayout('sending')]).toEqual([
      'paid',
      'failed',
      'pending',
      'pending',
    ]);
  });

  it('agrees only when state and (for paid) amount agree', () => {
    expect(compareRecords(ours('approved'), line('Success'))).toBeNull();
    expect(compareRecords(ours('approved'), line('Success', 9_900n))).toBe('amount');
    expect(compareRecords(ours('approved'), line('Aborted'))).toBe('status');
    expect(compareRecords(ours('failed'), line('Success'))).toBe('status');
    // An unpaid attempt's amount is no money moved: not an amount mismatch.
    expect(compareRecords(ours('failed', 5_000n), line('Aborted', 0n))).toBeNull();
    const payout: OurRecord = { id: 2, amount: 10_000n, status: 'paid', state: 'paid', keys: ['T1'] };
    expect(compareRecords(payout, line('Reversed'))).toBe('status');
  });

  it('lists an unknown provider line only when it moved money', () => {
    expect(isMissingOursWorthListing(line('Success'))).toBe(true);
    expect(isMissingOursWorthListing(line('Reversed'))).toBe(true);
    expect(isMissingOursWorthListing(line('Aborted'))).toBe(false);
    expect(isMissingOursWorthListing(line('Ready'))).toBe(false);
  });
});
