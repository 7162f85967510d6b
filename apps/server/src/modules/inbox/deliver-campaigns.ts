import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import { inboxCampaigns } from '../../db/schema/inbox';
import type { Db } from '../../platform/db';
import type { RealtimeEnvelope, RealtimeHub } from '../../platform/realtime/realtime-hub';
import type { ScheduledJob } from '../../platform/scheduler';
import { rowsOf } from '../../platform/sql-values';
import { inboxAudience } from './audience-port';
import type { CampaignRow } from './create-campaign';

/** Members per batch: one short transaction each (a million members is 200 of them). */
export const CAMPAIGN_BATCH_SIZE = 5000;
const DAY_MS = 86_400_000;

/**
 * One batch of a campaign, in one transaction holding the campaign's row lock: the next members
 * of the audience after the cursor get their row (INSERT ... SELECT over the batch's ids; the
 * unique (member, kind, reference) makes a replay insert nothing), then the cursor and the
 * delivered count move in the same commit. Two runners on one campaign take turns on the lock
 * and continue from each other's cursor, so every member is written once and counted once; a
 * crash mid-campaign leaves it SENDING at its last committed cursor and the next run resumes.
 */
async function deliverBatch(db: Db, campaignId: number, now: Date, batchSize: number) {
  return db.transaction(async (tx) => {
    const [campaign] = await tx.select().from(inboxCampaigns).where(eq(inboxCampaigns.id, campaignId)).for('update');
    if (!campaign || campaign.status !== 'SENDING') return { done: true, memberIds: [] as number[], campaign };
    // A new-members segment is "registered in the last N days" as of the send time.
    const ids = await inboxAudience().memberIdsAfter(
      tx,
      campaign.merchantId,
      campaign.audience,
      campaign.cursor,
      batchSize,
      new Date(campaign.sendAt.getTime() - (campaign.audience.type === 'NEW_MEMBERS' ? campaign.audience.days * DAY_MS : 0)),
    );
    let memberIds: number[] = [];
    if (ids.length > 0) {
      const inserted = await tx.execute(sql`
        INSERT INTO member_notifications (merchant_id, member_id, kind, amount, reference_id, campaign_id, created_at)
        SELECT ${campaign.merchantId}, batch.id, 'operator_message', 0, ${campaign.id}, ${campaign.id}, ${now}
        FROM unnest(${`{${ids.join(',')}}`}::bigint[]) AS batch(id)
        ON CONFLICT DO NOTHING
        RETURNING member_id`);
      memberIds = rowsOf<{ member_id: unknown }>(inserted).map((row) => Number(row.member_id));
    }
    const isDone = ids.length < batchSize;
    const [updated] = await tx
      .update(inboxCampaigns)
      .set({
        cursor: ids.length > 0 ? Math.max(...ids) : campaign.cursor,
        delivered: sql`${inboxCampaigns.delivered} + ${memberIds.length}`,
        ...(isDone ? { status: 'SENT', finishedAt: now } : {}),
      })
      .where(eq(inboxCampaigns.id, campaign.id))
      .returning();
    return { done: isDone, memberIds, campaign: updated ?? campaign };
  });
}

/** Claims due scheduled campaigns (SCHEDULED -> SENDING once, whichever runner is first). */
async function claimDue(db: Db, now: Date, merchantId?: number): Promise<number[]> {
  const claimed = await db
    .update(inboxCampaigns)
    .set({ status: 'SENDING' })
    .where(
      and(
        eq(inboxCampaigns.status, 'SCHEDULED'),
        lte(inboxCampaigns.sendAt, now),
        merchantId === undefined ? undefined : eq(inboxCampaigns.merchantId, merchantId),
      ),
    )
    .returning({ id: inboxCampaigns.id });
  const sending = await db
    .select({ id: inboxCampaigns.id })
    .from(inboxCampaigns)
    .where(
      and(inArray(inboxCampaigns.status, ['SENDING']), merchantId === undefined ? undefined : eq(inboxCampaigns.merchantId, merchantId)),
    )
    .orderBy(asc(inboxCampaigns.id));
  return [...new Set([...claimed.map((row) => row.id), ...sending.map((row) => row.id)])];
}

/**
 * Sends every due campaign to its audience in batches, pushing each batch's new messages to the
 * members' open sockets after its commit (a small envelope: the web reloads its list). Returns
 * how many messages it wrote.
 */
export async function deliverDueCampaigns(deps: {
  db: Db;
  realtime: RealtimeHub;
  now: Date;
  batchSize?: number;
  merchantId?: number;
}): Promise<number> {
  let written = 0;
  for (const id of await claimDue(deps.db, deps.now, deps.merchantId)) {
    for (;;) {
      const batch = await deliverBatch(deps.db, id, deps.now, deps.batchSize ?? CAMPAIGN_BATCH_SIZE);
      written += batch.memberIds.length;
      if (batch.memberIds.length > 0 && batch.campaign) await deps.realtime.publishMany(pushes(batch.campaign, batch.memberIds, deps.now));
      if (batch.done) break;
    }
  }
  return written;
}

function pushes(campaign: CampaignRow, memberIds: readonly number[], now: Date): RealtimeEnvelope[] {
  const title = campaign.content.BN?.title ?? '';
  return memberIds.map((memberId) => ({
    merchantId: campaign.merchantId,
    memberId,
    message: {
      type: 'notification',
      // The id is not known without a read per member; the web reloads the page on any push.
      notification: {
        id: 0,
        kind: 'operator_message',
        amount: '0.00',
        referenceId: campaign.id,
        isRead: false,
        createdAt: now.toISOString(),
        title,
      },
    },
  }));
}

/** The scheduler's job: every minute, whichever node claims the minute sends what is due. */
export function inboxCampaignsJob(db: Db, realtime: RealtimeHub): ScheduledJob {
  return { name: 'inbox-campaigns', everyMs: 60_000, run: async (now) => void (await deliverDueCampaigns({ db, realtime, now })) };
}
