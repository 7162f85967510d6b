import type { CampaignValue } from '@kismat/contracts/inbox-admin';
import { and, desc, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { inboxCampaigns } from '../../db/schema/inbox';
import { recordOperatorAudit } from '../../platform/audit';
import type { Db, DbOrTx } from '../../platform/db';
import { AppError } from '../../platform/errors';
import type { CampaignRow } from './create-campaign';

export function presentCampaign(row: CampaignRow): CampaignValue {
  const audience = row.audience;
  return {
    id: row.id,
    audience: {
      type: audience.type,
      ...('username' in audience ? { username: audience.username } : {}),
      ...(audience.type === 'VIP' ? { ranks: audience.ranks } : {}),
      ...(audience.type === 'NEW_MEMBERS' ? { days: audience.days } : {}),
    },
    content: row.content,
    status: row.status as CampaignValue['status'],
    sendAt: row.sendAt.toISOString(),
    delivered: row.delivered,
    operatorName: row.operatorName,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

/** The merchant's campaigns, newest first (at most 100). */
export async function listCampaigns(db: DbOrTx, merchantId: number): Promise<CampaignRow[]> {
  return db.select().from(inboxCampaigns).where(eq(inboxCampaigns.merchantId, merchantId)).orderBy(desc(inboxCampaigns.id)).limit(100);
}

/**
 * Cancels a campaign that has not started: a conditional update, so a cancel racing the job
 * either wins (nothing is sent) or finds it SENDING and is refused. Another merchant's id is NOT_FOUND.
 */
export async function cancelCampaign(
  db: Db,
  request: FastifyRequest,
  operator: { id: number | null; username: string },
  input: { merchantId: number; id: number },
): Promise<CampaignRow> {
  return db.transaction(async (tx) => {
    const mine = and(eq(inboxCampaigns.id, input.id), eq(inboxCampaigns.merchantId, input.merchantId));
    const [cancelled] = await tx
      .update(inboxCampaigns)
      .set({ status: 'CANCELLED' })
      .where(and(mine, eq(inboxCampaigns.status, 'SCHEDULED')))
      .returning();
    if (!cancelled) {
      const [existing] = await tx.select().from(inboxCampaigns).where(mine);
      if (!existing) throw new AppError('NOT_FOUND');
      throw new AppError('REQUEST_NOT_PENDING', { value: { status: existing.status } });
    }
    await recordOperatorAudit(tx, request, operator, {
      action: 'inbox.campaign_cancelled',
      targetType: 'inbox_campaign',
      targetId: cancelled.id,
      merchantId: input.merchantId,
    });
    return cancelled;
  });
}
