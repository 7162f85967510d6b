import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { hashTicketSet, lotteryClientSeed, ticketSetLine } from './ticket-set';

describe('closed ticket set', () => {
  const tickets = [
    { ticketId: 12n, betType: 'SUM_SIZE', selection: 'BIG', oddsScaled: 19_600n, amountMinor: 200n },
    { ticketId: 3, betType: 'DE', selection: '07', oddsScaled: 960_000, amountMinor: 1_000 },
  ];

  it('hashes the canonical lines in ticket id order, whatever order they come in', () => {
    const expected = createHash('sha256').update('3|DE|07|960000|1000\n12|SUM_SIZE|BIG|19600|200\n').digest('hex');
    expect(hashTicketSet(tickets)).toBe(expected);
    expect(hashTicketSet([...tickets].reverse())).toBe(expected);
    expect(ticketSetLine(tickets[0]!)).toBe('12|SUM_SIZE|BIG|19600|200\n');
  });

  it('changes with any ticket, and an empty set hashes the empty string', () => {
    expect(hashTicketSet([{ ...tickets[0]!, amountMinor: 201n }, tickets[1]!])).not.toBe(hashTicketSet(tickets));
    expect(hashTicketSet(tickets.slice(1))).not.toBe(hashTicketSet(tickets));
    expect(hashTicketSet([])).toBe(createHash('sha256').update('').digest('hex'));
  });

  it('makes the client seed from the issue and its hash (the old form without one)', () => {
    expect(lotteryClientSeed({ gameCode: 'ELOTT_1M', issueNo: '20261122-0042', ticketSetHash: 'ab'.repeat(32) })).toBe(
      `ELOTT_1M:20261122-0042:${'ab'.repeat(32)}`,
    );
    expect(lotteryClientSeed({ gameCode: 'ELOTT_1M', issueNo: '20261122-0042', ticketSetHash: null })).toBe('ELOTT_1M:20261122-0042');
  });
});
