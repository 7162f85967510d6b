import type { Language } from '@kismat/contracts/languages';
import {
  RG_RETURN_COOLING_OFF_HOURS,
  type RgExclusionKind,
  type RgSelfExclusionDuration,
  type RgTimeOutDuration,
} from '@kismat/contracts/responsible-gambling';
import { and, desc, eq } from 'drizzle-orm';
import { rgExclusions, rgState } from '../../db/schema/responsible-gambling';
import { type RequestOrigin, recordAudit } from '../../platform/audit';
import type { Db, DbOrTx } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { revokeMemberSessions } from '../../platform/revoke-sessions';
import { isBlockedAt } from './charge-responsible-gambling';
import { excludedError } from './rg-messages';
import { exclusionEnd, HOUR_MS } from './rg-rules';
import { lockState, type MemberRef, readState } from './rg-state';

export type RgExclusionRow = typeof rgExclusions.$inferSelect;

/**
 * A time-out or self-exclusion (RTS 13): play, deposits and login are refused until it ends,
 * every open session ends now (the /ws hub drops them), and it cannot be shortened: while one
 * runs, only a longer one (or a permanent one) is accepted.
 */
export async function takeExclusion(
  db: Db,
  input: MemberRef & { kind: RgExclusionKind; duration: RgTimeOutDuration | RgSelfExclusionDuration; now: Date; origin: RequestOrigin },
): Promise<{ exclusion: RgExclusionRow; sessionsEnded: number }> {
  return db.transaction(async (tx) => {
    const state = await lockState(tx, input, input.now);
    const endsAt = exclusionEnd(input.now, input.duration);
    const running = state.blocked && (state.blockedUntil === null || input.now < state.blockedUntil);
    if (running && (state.blockedUntil === null || (endsAt !== null && endsAt < state.blockedUntil))) {
      throw new AppError('RG_EXCLUSION_ACTIVE');
    }
    const [exclusion] = await tx
      .insert(rgExclusions)
      .values({
        merchantId: input.merchantId,
        memberId: input.memberId,
        kind: input.kind,
        duration: input.duration,
        startedAt: input.now,
        endsAt,
      })
      .returning();
    if (!exclusion) throw new Error('exclusion not written');
    await tx
      .update(rgState)
      .set({ blocked: true, blockedUntil: endsAt, returnEffectiveAt: null })
      .where(eq(rgState.memberId, input.memberId));
    const sessionsEnded = await revokeMemberSessions(tx, input.memberId, 'ACCOUNT_DISABLED', input.now);
    await recordAudit(tx, {
      merchantId: input.merchantId,
      memberId: input.memberId,
      actor: 'MEMBER',
      action: input.kind === 'TIME_OUT' ? 'rg.time_out' : 'rg.self_exclusion',
      origin: input.origin,
      detail: { duration: input.duration, endsAt: endsAt?.toISOString() ?? null },
      at: input.now,
    });
    return { exclusion, sessionsEnded };
  });
}

/**
 * After the end, the member asks to play again: a time-out resumes at once, a self-exclusion
 * after a 24 h cooling-off. Until then every money path still refuses (RG_EXCLUDED).
 */
export async function requestReturn(db: Db, input: MemberRef & { now: Date }): Promise<RgExclusionRow> {
  return db.transaction(async (tx) => {
    const state = await lockState(tx, input, input.now);
    const [latest] = await latestExclusions(tx, input, 1);
    if (!state.blocked || !latest || state.blockedUntil === null || input.now < state.blockedUntil || state.returnEffectiveAt !== null) {
      throw new AppError('RG_RETURN_NOT_AVAILABLE', { value: { availableAt: state.blockedUntil?.toISOString() ?? null } });
    }
    const effectiveAt =
      latest.kind === 'SELF_EXCLUSION' ? new Date(input.now.getTime() + RG_RETURN_COOLING_OFF_HOURS * HOUR_MS) : input.now;
    await tx.update(rgState).set({ returnEffectiveAt: effectiveAt }).where(eq(rgState.memberId, input.memberId));
    const [updated] = await tx
      .update(rgExclusions)
      .set({ returnRequestedAt: input.now, returnEffectiveAt: effectiveAt })
      .where(eq(rgExclusions.id, latest.id))
      .returning();
    if (!updated) throw new Error('exclusion not updated');
    return updated;
  });
}

export async function latestExclusions(db: DbOrTx, member: MemberRef, limit: number): Promise<RgExclusionRow[]> {
  return db
    .select()
    .from(rgExclusions)
    .where(and(eq(rgExclusions.memberId, member.memberId), eq(rgExclusions.merchantId, member.merchantId)))
    .orderBy(desc(rgExclusions.id))
    .limit(limit);
}

/**
 * The login check (session module, every password / SMS / second-factor login): refused with
 * RG_EXCLUDED saying until when while a time-out or self-exclusion runs. Once it has ended the
 * member may log in (to ask for the return; play stays closed until then). A login starts the
 * reality check's session figures afresh. A member without a state row costs one read.
 */
export async function admitLogin(
  db: DbOrTx,
  input: MemberRef & { now: Date; language?: Language; utcOffsetMinutes?: number },
): Promise<void> {
  const state = await readState(db, input);
  if (!state) return;
  if (state.blocked && (state.blockedUntil === null || input.now < state.blockedUntil)) {
    throw excludedError({ until: state.blockedUntil, language: input.language, utcOffsetMinutes: input.utcOffsetMinutes });
  }
  await db
    .update(rgState)
    .set({ sessionStartedAt: input.now, sessionStaked: 0n, sessionWon: 0n, lastActivityAt: null, realityAckAt: null })
    .where(eq(rgState.memberId, input.memberId));
}

/** For marketing and messages: true while a time-out / self-exclusion keeps the member from play (send nothing). */
export async function isExcluded(db: DbOrTx, member: MemberRef, now: Date): Promise<boolean> {
  const state = await readState(db, member);
  return state !== undefined && isBlockedAt(state, now);
}
