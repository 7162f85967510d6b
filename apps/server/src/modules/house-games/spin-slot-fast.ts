import type { SlotTitle } from '@kismat/game-math/slots/slot-types';
import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db';
import { executePrepared } from '../../platform/prepared-statement';
import { rowsOf, toNumber } from '../../platform/sql-values';
import { assumeSql } from '../../platform/stale-assumption';
import { promotionMaxBetSql } from '../promotions/index';
import { noRgStateSql } from '../responsible-gambling/index';
import { type AccountShapeCache, foldKeyedPostingAfter } from '../wallet/index';
import type { HouseGame } from './record-house-game-rounds';
import { type PlayedSeed, planSpin, type SpinSlotInput, type SpinSlotResult, spinAnswer } from './spin-slot-plan';
import { nextRoundIdSql, spinWriteParts } from './spin-slot-statements';

/*
 * The steady-state spin in ONE autocommit statement (issue 16 item 1; docs/ledger.md, "The slot
 * spin's one statement"). After a spin this process remembers the member's seed state (the ACTIVE
 * seed, its next nonce, the client seed) and the id its next round takes. The next spin computes
 * its outcome from that memory and sends one statement that locks the seed pair, checks under the
 * lock that everything the outcome and the writes assumed still holds, locks the member's account,
 * then writes all the two-statement transaction writes:
 *   - the ACTIVE seed is the remembered one, at the remembered nonce and client seed, with a NEXT
 *     (another spin of the member on any node, a rotation, a new client seed: not so);
 *   - no round under the idempotency key (a replay);
 *   - real money: no rg_state row (responsible gambling would count or refuse nothing: a member
 *     with one spins the usual way), no active promotion max bet below the bet;
 *   - the caller's deferred session is live (deferred-session.ts holdsSql);
 *   - and at the end: the posting completed (balance guard, every key, shard, entries), the round
 *     and the nonce written.
 * Any of these not so ends the statement with KS409 (assume_or_stale), so nothing of it is kept;
 * the caller forgets the member and spins the usual way (spin-slot.ts), which answers the replay,
 * the refusal or the spin exactly as before. The guarantees are the database's: one statement is
 * one transaction, so a crash leaves all or nothing, and the nonce moves only from the value the
 * outcome was computed with, under the seed row's lock.
 */

/** What a spin leaves remembered of a member: the seed the next spin plays and its round id. */
export interface KnownSpinState {
  merchantId: number;
  memberAccountId: number;
  seed: PlayedSeed;
  /** Taken from the round sequence by the member's last spin: later than every round of theirs so far. */
  nextRoundId: number;
}

/** Members' remembered spin states, per database and process; bounded (cleared when full). */
export class KnownSpins {
  private readonly states = new Map<number, KnownSpinState>();

  constructor(private readonly maxEntries = 20_000) {}

  get(memberId: number): KnownSpinState | undefined {
    return this.states.get(memberId);
  }

  set(memberId: number, state: KnownSpinState): void {
    if (!this.states.has(memberId) && this.states.size >= this.maxEntries) this.states.clear();
    this.states.set(memberId, state);
  }

  forget(memberId: number): void {
    this.states.delete(memberId);
  }
}

/**
 * The spin on `known` in one statement. Throws KS409 (isStaleAssumption) or a unique violation
 * when an assumption did not hold: nothing was written, the caller spins the usual way.
 */
export async function spinInOneStatement(
  db: Db,
  input: SpinSlotInput,
  title: SlotTitle,
  game: HouseGame,
  cache: AccountShapeCache,
  known: KnownSpinState,
): Promise<{ result: SpinSlotResult; next: KnownSpinState }> {
  const { accounts, session } = input;
  const { seed } = known;
  const plan = planSpin(input, title, game, seed, known.nextRoundId);
  const member = { merchantId: input.merchantId, memberId: input.memberId };
  const posting = await foldKeyedPostingAfter(
    db,
    { merchantId: input.merchantId, counterAccountId: accounts.houseAccountId, legs: plan.legs },
    input.now,
    { after: sql`(SELECT ok FROM spin_assumed)`, accountCache: cache },
  );
  const realMoney = accounts.isTrial
    ? sql``
    : sql`AND ${noRgStateSql(member)}
          AND coalesce(${promotionMaxBetSql(sql`${input.memberId}::integer`)}::bigint >= ${String(input.totalBetMinor)}::bigint, true)`;
  const sessionHolds = session ? sql`AND ${session.holdsSql(input.now)}` : sql``;
  const written = sql`(${posting.completeSql} AND (SELECT count(*) FROM spin_round) = 1 AND (SELECT count(*) FROM spin_nonce) = 1)`;
  const [row] = rowsOf<{ ok: unknown; session?: unknown; ledger: unknown; written: unknown; next_round_id: unknown }>(
    await executePrepared(
      db,
      'slot_spin_one',
      sql`
      WITH spin_seeds AS MATERIALIZED (
        SELECT id, status, next_nonce, client_seed FROM fairness_seeds
         WHERE member_id = ${input.memberId} AND family = 'SLOTS' AND status IN ('ACTIVE', 'NEXT')
         ORDER BY id FOR UPDATE),
      spin_assumed AS MATERIALIZED (
        SELECT ${assumeSql(
          sql`EXISTS (SELECT 1 FROM spin_seeds WHERE id = ${seed.id} AND status = 'ACTIVE' AND next_nonce = ${seed.nonce}
                        AND client_seed IS NOT DISTINCT FROM ${seed.clientSeed}::text)
              AND EXISTS (SELECT 1 FROM spin_seeds WHERE status = 'NEXT')
              AND NOT EXISTS (SELECT 1 FROM slot_rounds WHERE member_id = ${input.memberId} AND idempotency_key = ${input.idempotencyKey})
              ${realMoney} ${sessionHolds}`,
          'slot spin: seed, key, limits or session',
        )} AS ok),
      ${posting.parts},
      ${spinWriteParts({ posting, round: plan.round, gameRound: plan.gameRound, rgCounting: null, gate: sql`(SELECT ok FROM spin_assumed)` })}
      SELECT (SELECT ok FROM spin_assumed) AS ok${session ? sql`, ${session.sql} AS session` : sql``},
             ${posting.answerSql} AS ledger,
             ${assumeSql(written, 'slot spin: not written whole')} AS written,
             ${nextRoundIdSql} AS next_round_id`,
    ),
  );
  if (!row) throw new Error('slot spin: no answer');
  // The statement checked the session as confirm does, at the same instant: this only records it.
  session?.confirm(typeof row.session === 'string' ? JSON.parse(row.session) : row.session, input.now);
  const posted = posting.results(row.ledger);
  const next = { ...known, seed: { ...seed, nonce: seed.nonce + 1 }, nextRoundId: toNumber(row.next_round_id) };
  return { result: spinAnswer(plan, posted, seed), next };
}
