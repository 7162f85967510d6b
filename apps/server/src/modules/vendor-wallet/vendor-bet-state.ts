import { toBigInt, toNumber } from '../../platform/sql-values';
import type { VendorSession } from './find-vendor-session';
import { VendorError } from './vendor-error';

/*
 * The state of a vendor's bets and rounds, and the rules every bet, win and rollback is checked
 * against (docs/vendor-integration.md, "Bets, wins and rollbacks"). One place for both the group
 * commit (settle-vendor-batch.ts) and the one-call paths, so they can never disagree.
 *
 * A bet (its vendor_transactions row) is
 *  - open: stored, not rolled back, its round not settled;
 *  - rolled back: `rolled_back_at` set (or a TOMBSTONE: the rollback came before the bet);
 *  - settled: its round was settled, i.e. a win closed it (`game_rounds.settled_at`).
 * A round closed by a bet (`isRoundClosed` on the bet) takes no more bets but still awaits its
 * win; a settled round takes nothing more: no win, and no rollback of any of its bets.
 *
 * Attack these rules stop (issue 11, findings 4 and 7): a signed vendor, or whoever holds its
 * secret, paying a win on a stake that was refunded, on a bet that never existed, a second time
 * into a settled round, or refunding a stake after the round was won. The ledger balances in
 * all of these, so `ledger:verify` cannot see them; the house just pays on nothing.
 */

/** A vendor round as the wallet checks it, locked in the call's transaction. */
export interface VendorRoundState {
  id: number;
  memberId: number;
  gameId: number;
  status: string;
  isTrial: boolean;
  /** Live bets (rolled-back ones are taken off). */
  betCount: number;
  /** Wins paid into the round, net of rolled-back wins. */
  payoutTotal: bigint;
  /** A win closed the round. */
  isSettled: boolean;
}

/** The columns a round is read with (raw SQL), in every statement that locks one. */
export interface VendorRoundColumns {
  id: unknown;
  member_id: unknown;
  game_id: unknown;
  status: unknown;
  is_trial: unknown;
  bet_count: unknown;
  payout_total: unknown;
  settled_at: unknown;
}

export function roundStateOf(row: VendorRoundColumns): VendorRoundState {
  return {
    id: toNumber(row.id),
    memberId: toNumber(row.member_id),
    gameId: toNumber(row.game_id),
    status: String(row.status),
    isTrial: row.is_trial === true,
    betCount: toNumber(row.bet_count),
    payoutTotal: toBigInt(row.payout_total),
    isSettled: row.settled_at !== null && row.settled_at !== undefined,
  };
}

/** The stored transaction a win names (`referenceTransactionUuid`), locked. */
export interface NamedVendorTransaction {
  kind: string;
  memberId: number;
  /** Our round id (null until its call was answered). */
  roundId: number | null;
  isRolledBack: boolean;
}

type Player = Pick<VendorSession, 'memberId' | 'isTrial' | 'gameId'>;

/** The player's own round of this game: the same member, the same kind of money, the same game. */
function isPlayersRound(session: Player, round: VendorRoundState): boolean {
  return round.memberId === session.memberId && round.isTrial === session.isTrial && round.gameId === session.gameId;
}

/** Why a bet may not go into this round (null: it may). */
export function refusalOfBet(session: Player, round: VendorRoundState | undefined): VendorError | null {
  // A round is one player's game with one kind of money: a real and a fun session, another
  // player or another game cannot add to it.
  if (!round || round.memberId !== session.memberId || round.isTrial !== session.isTrial)
    return new VendorError('RS_ERROR_WRONG_SYNTAX', { message: 'round belongs to another player' });
  if (round.gameId !== session.gameId) return new VendorError('RS_ERROR_WRONG_SYNTAX', { message: 'round belongs to another game' });
  if (round.status !== 'OPEN') return new VendorError('RS_ERROR_ROUND_CLOSED');
  return null;
}

/**
 * Why a win may not be paid (null: it may). A win must name an open bet of the same player,
 * round and game: the bet in `referenceTransactionUuid` when given, else any live bet of its
 * round. Several wins per round are fine while the round is not settled (`isRoundClosed: false`
 * on all but the last: free spins, several bets); the one that closes it settles it.
 */
export function refusalOfWin(
  session: Player,
  round: VendorRoundState | undefined,
  reference: { isGiven: boolean; named: NamedVendorTransaction | undefined },
): VendorError | null {
  // Nothing stored for a round we never took a bet in: a retry after the bet works.
  if (!round || !isPlayersRound(session, round)) return new VendorError('RS_ERROR_TRANSACTION_DOES_NOT_EXIST');
  if (reference.isGiven) {
    const { named } = reference;
    if (!named || named.memberId !== session.memberId) return new VendorError('RS_ERROR_TRANSACTION_DOES_NOT_EXIST');
    // The vendor's rollback came first and refunded (or pre-empted) this very bet.
    if (named.kind === 'TOMBSTONE') return new VendorError('RS_ERROR_TRANSACTION_ROLLED_BACK');
    if (named.kind !== 'BET' || named.roundId !== round.id) return new VendorError('RS_ERROR_TRANSACTION_DOES_NOT_EXIST');
    if (named.isRolledBack) return new VendorError('RS_ERROR_TRANSACTION_ROLLED_BACK');
  } else if (round.betCount === 0) {
    // Every bet of the round was rolled back: there is no stake left to win on.
    return new VendorError('RS_ERROR_TRANSACTION_ROLLED_BACK');
  }
  if (round.isSettled) return new VendorError('RS_ERROR_ALREADY_SETTLED');
  return null;
}

/**
 * Why a stored bet or win may not be rolled back (null: it may). The rollback must name it in
 * its own round and game; a bet's stake is refunded only while nothing was won on its round:
 * once a win was paid (or settled the round) the refund would leave the win standing on no
 * stake. A vendor undoing a round rolls its wins back first, then its bets, before it settles.
 */
export function refusalOfRollback(
  session: Player,
  request: { roundId: string },
  target: { kind: string },
  round: (VendorRoundState & { vendorRoundId: string }) | undefined,
): VendorError | null {
  if (!round || !isPlayersRound(session, round) || round.vendorRoundId !== request.roundId)
    return new VendorError('RS_ERROR_TRANSACTION_DOES_NOT_EXIST');
  if (target.kind === 'BET' && (round.isSettled || round.payoutTotal > 0n)) return new VendorError('RS_ERROR_ALREADY_SETTLED');
  return null;
}
