import type { Language } from '@kismat/contracts/languages';
import { ORIGINAL_GAME_CODES, type OriginalRound } from '@kismat/contracts/originals';
import { createFairStream } from '@kismat/game-math/fair/fair-stream';
import { dealTeenPatti } from '@kismat/game-math/originals/teen-patti';
import type { TeenPattiDecision } from '@kismat/game-math/originals/teen-patti-round';
import { and, asc, eq, lt } from 'drizzle-orm';
import { originalRounds } from '../../db/schema/originals';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { findHouseGame, findSeedsByIds, type PlayAccounts } from '../house-games/index';
import { openAccount } from '../wallet/index';
import { MAX_STAKE_MINOR, MIN_STAKE_MINOR } from './house-edge-setting';
import { lockOriginalRound } from './lock-original-round';
import { type OriginalPlayInput, openRound, type PlayedRound } from './open-round';
import { presentOriginalRound } from './present-original-round';
import { readBalance } from './read-balance';
import { concludeTeenPatti, TEEN_PATTI_DECIDE_MS, type TeenPattiOutcome } from './teen-patti-rules';

export interface OpenTeenPattiInput extends OriginalPlayInput {
  anteMinor: bigint;
  /** 0 = no Pair Plus. */
  pairPlusMinor: bigint;
}

/**
 * Teen Patti's first step in ONE transaction (openRound): ante + Pair Plus debited in one ledger
 * transfer, the next nonce taken, the six cards fixed from it (game-math dealTeenPatti) and kept
 * in the row, the round left OPEN for Play or Fold. Committed, it survives a crash or a reload
 * (GET teen-patti/open); the dealer's cards stay in the row, never in an answer, until it is
 * settled. The ante is at least the minimum stake and 2 x ante + Pair Plus (with the play bet)
 * at most the maximum, so a played round stays within the table limit. One open round per member
 * (a mines round included); a round past its deadline is folded first.
 */
export async function openTeenPatti(db: Db, input: OpenTeenPattiInput): Promise<PlayedRound> {
  const { anteMinor, pairPlusMinor } = input;
  const isPairPlusValid = pairPlusMinor === 0n || pairPlusMinor >= MIN_STAKE_MINOR;
  if (anteMinor < MIN_STAKE_MINOR || !isPairPlusValid || 2n * anteMinor + pairPlusMinor > MAX_STAKE_MINOR) {
    throw new AppError('ORIGINALS_BET_INVALID');
  }
  await findHouseGame(db, ORIGINAL_GAME_CODES.TEEN_PATTI);
  await foldAbandonedTeenPatti(db, { now: input.now, memberId: input.memberId });
  return db.transaction(async (tx) => {
    const params = { ANTE: anteMinor.toString(), PAIR_PLUS: pairPlusMinor.toString() };
    const opened = await openRound(tx, { ...input, game: 'TEEN_PATTI', stakeMinor: anteMinor + pairPlusMinor, params }, (inputs) => ({
      status: 'OPEN',
      outcome: { ...dealTeenPatti(createFairStream(inputs)) },
    }));
    return {
      round: presentOriginalRound(opened.row, opened.seed),
      balanceMinor: await readBalance(tx, input.accounts.memberAccountId),
      isReplay: opened.isReplay,
    };
  });
}

/**
 * Teen Patti's second step in ONE transaction, the round row locked: PLAY (second stake debited)
 * or FOLD, then settled and paid once. Attack: twenty parallel Play taps (or a script) hoping to
 * be paid twice; they queue on the row lock, the first settles, a retry with the same key and
 * decision answers the settled round unchanged (isReplay), any other is TEEN_PATTI_ROUND_SETTLED,
 * and the ledger keys (`:play`, `:payout`) would refuse a second debit or payment anyway.
 */
export async function decideTeenPatti(
  db: Db,
  input: {
    memberId: number;
    accounts: PlayAccounts;
    roundId: number;
    decision: TeenPattiDecision;
    idempotencyKey: string;
    now: Date;
    language?: Language;
    utcOffsetMinutes?: number;
  },
): Promise<PlayedRound> {
  const game = await findHouseGame(db, ORIGINAL_GAME_CODES.TEEN_PATTI);
  // A decision after the deadline finds the round folded (TIMEOUT) and is refused like any late one.
  await foldAbandonedTeenPatti(db, { now: input.now, memberId: input.memberId });
  return db.transaction(async (tx) => {
    const { row, commitment } = await lockOriginalRound(tx, { memberId: input.memberId, roundId: input.roundId, game: 'TEEN_PATTI' });
    const answer = async (current: typeof row, isReplay: boolean) => ({
      round: presentOriginalRound(current, { commitment }),
      balanceMinor: await readBalance(tx, input.accounts.memberAccountId),
      isReplay,
    });
    if (row.status !== 'OPEN') {
      const outcome = row.outcome as TeenPattiOutcome;
      if (outcome.decisionKey === input.idempotencyKey && outcome.decision === input.decision) return answer(row, true);
      throw new AppError('TEEN_PATTI_ROUND_SETTLED');
    }
    const settled = await concludeTeenPatti(tx, {
      row,
      game,
      accounts: input.accounts,
      decision: input.decision,
      decisionKey: input.idempotencyKey,
      decidedBy: 'PLAYER',
      now: input.now,
      language: input.language,
      utcOffsetMinutes: input.utcOffsetMinutes,
    });
    return answer(settled, false);
  });
}

/**
 * Folds the open Teen Patti rounds left without a decision past TEEN_PATTI_DECIDE_MS (of one
 * member on their next call, or of everyone from the job), each in its own transaction with the
 * row locked and re-checked (a decision that got there first wins). The ante is lost; Pair Plus
 * pays on the player's hand. Returns how many it folded.
 */
export async function foldAbandonedTeenPatti(db: Db, input: { now: Date; memberId?: number; limit?: number }): Promise<number> {
  const cutoff = new Date(input.now.getTime() - TEEN_PATTI_DECIDE_MS);
  const filters = [eq(originalRounds.game, 'TEEN_PATTI'), eq(originalRounds.status, 'OPEN'), lt(originalRounds.openedAt, cutoff)];
  if (input.memberId !== undefined) filters.push(eq(originalRounds.memberId, input.memberId));
  const due = await db
    .select({ id: originalRounds.id, memberId: originalRounds.memberId })
    .from(originalRounds)
    .where(and(...filters))
    .orderBy(asc(originalRounds.id))
    .limit(input.limit ?? 100);
  if (due.length === 0) return 0;
  const game = await findHouseGame(db, ORIGINAL_GAME_CODES.TEEN_PATTI);
  let folded = 0;
  for (const { id, memberId } of due) {
    folded += await db.transaction(async (tx) => {
      const { row } = await lockOriginalRound(tx, { memberId, roundId: id, game: 'TEEN_PATTI' });
      if (row.status !== 'OPEN') return 0;
      const member = { merchantId: row.merchantId, currency: row.currency };
      const memberAccount = await openAccount(tx, {
        ...member,
        code: row.isTrial ? 'MEMBER_TRIAL' : 'MEMBER_CASH',
        ownerMemberId: memberId,
      });
      const house = await openAccount(tx, { ...member, code: row.isTrial ? 'TRIAL_ISSUER' : 'HOUSE' });
      await concludeTeenPatti(tx, {
        row,
        game,
        accounts: { memberAccountId: memberAccount.id, houseAccountId: house.id },
        decision: 'FOLD',
        decisionKey: 'timeout',
        decidedBy: 'TIMEOUT',
        now: input.now,
      });
      return 1;
    });
  }
  return folded;
}

/** The member's open Teen Patti round, if any (after folding one past its deadline): a reload or a reconnect resumes it. */
export async function findOpenTeenPatti(db: Db, input: { memberId: number; now: Date }): Promise<OriginalRound | null> {
  await foldAbandonedTeenPatti(db, input);
  const [row] = await db
    .select()
    .from(originalRounds)
    .where(and(eq(originalRounds.memberId, input.memberId), eq(originalRounds.game, 'TEEN_PATTI'), eq(originalRounds.status, 'OPEN')));
  if (!row) return null;
  const seed = (await findSeedsByIds(db, [row.seedId])).get(row.seedId);
  return presentOriginalRound(row, { commitment: seed?.commitment ?? '' });
}
