import { bytesToHex, utf8Bytes } from '../crypto/bytes';
import { sha256 } from '../crypto/sha256';

/**
 * The closed ticket set of a lottery issue and the client seed it gives the draw
 * (docs/fairness/lottery.md). The server seed is committed before the issue opens; the client
 * seed includes the SHA-256 of every ticket accepted until the cutoff, so the result is fixed
 * only when betting closes: whoever knows the seed early (an insider reading the database) still
 * cannot tell the result while a ticket can be bought.
 */

/** One accepted ticket as the canonical list spells it. Every field is a number or a fixed bet-type word, so "|" never occurs inside one. */
export interface TicketSetEntry {
  readonly ticketId: bigint | number | string;
  readonly betType: string;
  readonly selection: string;
  /** Odds scaled by ODDS_SCALE (bet-types), as fixed on the ticket when it was bought. */
  readonly oddsScaled: bigint | number;
  readonly amountMinor: bigint | number;
}

/** `<ticket id>|<bet type>|<selection>|<odds scaled>|<amount minor>` and a line feed (ASCII). */
export function ticketSetLine(ticket: TicketSetEntry): string {
  return `${ticket.ticketId}|${ticket.betType}|${ticket.selection}|${ticket.oddsScaled}|${ticket.amountMinor}\n`;
}

/** Lower-case hex SHA-256 of the lines of the tickets in ascending ticket id order (an empty set hashes the empty string). */
export function hashTicketSet(tickets: readonly TicketSetEntry[]): string {
  const ordered = [...tickets].sort((left, right) => {
    const a = BigInt(left.ticketId);
    const b = BigInt(right.ticketId);
    return a < b ? -1 : a > b ? 1 : 0;
  });
  return bytesToHex(sha256(utf8Bytes(ordered.map(ticketSetLine).join(''))));
}

/**
 * The draw's client seed (nonce 0): `<gameCode>:<issueNo>:<ticketSetHash>`. Issues drawn before
 * ticket-set hashes existed have none and used `<gameCode>:<issueNo>`.
 */
export function lotteryClientSeed(issue: {
  readonly gameCode: string;
  readonly issueNo: string;
  readonly ticketSetHash: string | null;
}): string {
  const base = `${issue.gameCode}:${issue.issueNo}`;
  return issue.ticketSetHash === null ? base : `${base}:${issue.ticketSetHash}`;
}
