import { and, eq } from 'drizzle-orm';
import { pointsEntries } from '../../db/schema/points';
import type { Tx } from '../../platform/db';
import { postPointsEntry } from './post-points-entry';

/**
 * Gives a member points for something other than a fact (a mission reward), once per source
 * key: the entry is an ADJUST whose reference is the key, so a replayed claim adds nothing.
 */
export async function creditPoints(
  tx: Tx,
  input: { merchantId: number; memberId: number; points: bigint; sourceKey: string; description: string; now?: Date },
): Promise<void> {
  if (input.points <= 0n) return;
  const reference = `credit:${input.sourceKey}`.slice(0, 200);
  const [existing] = await tx
    .select({ id: pointsEntries.id })
    .from(pointsEntries)
    .where(and(eq(pointsEntries.kind, 'ADJUST'), eq(pointsEntries.reference, reference)));
  if (existing) return;
  await postPointsEntry(tx, {
    merchantId: input.merchantId,
    memberId: input.memberId,
    delta: input.points,
    kind: 'ADJUST',
    reference,
    now: input.now ?? new Date(),
  });
}
