import { RG_INCREASE_COOLING_OFF_HOURS, type RgLimitKind, type RgPeriod } from '@kismat/contracts/responsible-gambling';
import { and, eq } from 'drizzle-orm';
import { rgLimitChanges, rgLimits, rgState } from '../../db/schema/responsible-gambling';
import { columnsEqual } from '../../platform/columns-equal';
import type { Db, Tx } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { sendInboxMessage } from '../inbox/index';
import { notConfirmableError } from './rg-messages';
import { HOUR_MS } from './rg-rules';
import { lockState, type MemberRef, refreshTracking } from './rg-state';

export interface LimitChangeOutcome {
  outcome: 'APPLIED' | 'PENDING' | 'UNCHANGED';
  changeId: number | null;
  effectiveAt: Date | null;
}

export interface LimitChangeInput extends MemberRef {
  kind: RgLimitKind;
  period: RgPeriod;
  /** Minor units or minutes; null: remove. */
  value: bigint | null;
  now: Date;
  actor: 'MEMBER' | 'OPERATOR';
  operator?: { id: number; name: string; reason: string };
}

/**
 * Set, lower, raise or remove one limit (RTS 12): a new or lower limit applies at once; a higher
 * one or a removal is recorded PENDING, effective 24 h later and then only after the member
 * confirms. An operator may only tighten (RG_OPERATOR_CANNOT_LOOSEN). Every change is kept.
 * `audit` runs in the same transaction (operator changes).
 */
export async function changeLimit(db: Db, input: LimitChangeInput, audit?: (tx: Tx) => Promise<void>): Promise<LimitChangeOutcome> {
  return db.transaction(async (tx) => {
    await lockState(tx, input, input.now);
    const [current] = await tx
      .select()
      .from(rgLimits)
      .where(and(eq(rgLimits.memberId, input.memberId), eq(rgLimits.kind, input.kind), eq(rgLimits.period, input.period)));
    const old = current?.value ?? null;
    const tightening = input.value !== null && (old === null || input.value < old);
    if (input.actor === 'OPERATOR' && !tightening) throw new AppError('RG_OPERATOR_CANNOT_LOOSEN');
    if (input.actor === 'MEMBER') await tx.update(rgState).set({ limitsReviewedAt: input.now }).where(eq(rgState.memberId, input.memberId));
    if (input.value === old) {
      await audit?.(tx);
      return { outcome: 'UNCHANGED', changeId: null, effectiveAt: null };
    }
    // A newer request replaces a pending one for the same limit (a tightening cancels it too).
    await tx
      .update(rgLimitChanges)
      .set({ status: 'CANCELLED' })
      .where(columnsEqual(rgLimitChanges, { memberId: input.memberId, kind: input.kind, period: input.period, status: 'PENDING' }));
    const row = {
      merchantId: input.merchantId,
      memberId: input.memberId,
      kind: input.kind,
      period: input.period,
      oldValue: old,
      newValue: input.value,
      requestedAt: input.now,
      actor: input.actor,
      operatorId: input.operator?.id ?? null,
      operatorName: input.operator?.name ?? null,
      reason: input.operator?.reason ?? null,
    };
    if (!tightening) {
      const effectiveAt = new Date(input.now.getTime() + RG_INCREASE_COOLING_OFF_HOURS * HOUR_MS);
      const [change] = await tx
        .insert(rgLimitChanges)
        .values({ ...row, status: 'PENDING', effectiveAt })
        .returning({ id: rgLimitChanges.id });
      await audit?.(tx);
      return { outcome: 'PENDING', changeId: change?.id ?? null, effectiveAt };
    }
    await writeLimit(tx, input, input.value, current === undefined ? input.now : current.since);
    const [change] = await tx
      .insert(rgLimitChanges)
      .values({ ...row, status: 'APPLIED', effectiveAt: input.now, confirmedAt: input.now })
      .returning({ id: rgLimitChanges.id });
    await refreshTracking(tx, input, input.now);
    // A limit an operator tightened is news to the member: their inbox says so. The operator's
    // reason is internal (the member's history hides it too), so the message carries none.
    if (input.actor === 'OPERATOR' && change) {
      await sendInboxMessage(tx, {
        merchantId: input.merchantId,
        memberId: input.memberId,
        kind: 'limits_changed',
        referenceId: change.id,
        now: input.now,
      });
    }
    await audit?.(tx);
    return { outcome: 'APPLIED', changeId: change?.id ?? null, effectiveAt: input.now };
  });
}

async function writeLimit(
  tx: Tx,
  input: MemberRef & { kind: RgLimitKind; period: RgPeriod; now: Date; actor: 'MEMBER' | 'OPERATOR' },
  value: bigint | null,
  since: Date,
): Promise<void> {
  const where = and(eq(rgLimits.memberId, input.memberId), eq(rgLimits.kind, input.kind), eq(rgLimits.period, input.period));
  if (value === null) {
    await tx.delete(rgLimits).where(where);
    return;
  }
  await tx
    .insert(rgLimits)
    .values({
      merchantId: input.merchantId,
      memberId: input.memberId,
      kind: input.kind,
      period: input.period,
      value,
      setAt: input.now,
      setBy: input.actor,
      since,
    })
    .onConflictDoUpdate({
      target: [rgLimits.memberId, rgLimits.kind, rgLimits.period],
      set: { value, setAt: input.now, setBy: input.actor },
    });
}

/**
 * The member confirms a pending increase or removal whose 24 h have passed: it takes effect now.
 * CANCEL withdraws it (the lower limit stays). Other members' changes are not found.
 */
export async function settlePendingChange(
  db: Db,
  input: MemberRef & {
    changeId: number;
    action: 'CONFIRM' | 'CANCEL';
    now: Date;
    language?: import('@kismat/contracts/languages').Language;
    utcOffsetMinutes?: number;
  },
): Promise<LimitChangeOutcome> {
  return db.transaction(async (tx) => {
    await lockState(tx, input, input.now);
    const [change] = await tx
      .select()
      .from(rgLimitChanges)
      .where(columnsEqual(rgLimitChanges, { id: input.changeId, memberId: input.memberId, merchantId: input.merchantId }));
    if (!change) throw new AppError('NOT_FOUND');
    if (change.status !== 'PENDING')
      throw new AppError('RG_CHANGE_NOT_CONFIRMABLE', { value: { effectiveAt: change.effectiveAt.toISOString() } });
    if (input.action === 'CANCEL') {
      await tx.update(rgLimitChanges).set({ status: 'CANCELLED' }).where(eq(rgLimitChanges.id, change.id));
      return { outcome: 'UNCHANGED', changeId: change.id, effectiveAt: null };
    }
    if (input.now < change.effectiveAt) {
      throw notConfirmableError(change.effectiveAt, { language: input.language, utcOffsetMinutes: input.utcOffsetMinutes });
    }
    const [current] = await tx
      .select({ since: rgLimits.since })
      .from(rgLimits)
      .where(and(eq(rgLimits.memberId, input.memberId), eq(rgLimits.kind, change.kind), eq(rgLimits.period, change.period)));
    await writeLimit(
      tx,
      { ...input, kind: change.kind, period: change.period, actor: 'MEMBER' },
      change.newValue,
      current?.since ?? input.now,
    );
    await tx.update(rgLimitChanges).set({ status: 'APPLIED', confirmedAt: input.now }).where(eq(rgLimitChanges.id, change.id));
    await tx.update(rgState).set({ limitsReviewedAt: input.now }).where(eq(rgState.memberId, input.memberId));
    await refreshTracking(tx, input, input.now);
    return { outcome: 'APPLIED', changeId: change.id, effectiveAt: input.now };
  });
}
