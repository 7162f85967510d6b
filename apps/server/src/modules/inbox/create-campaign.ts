import type { CampaignAudienceInput, CampaignContentInput } from '@kismat/contracts/inbox-admin';
import type { FastifyRequest } from 'fastify';
import { type InboxAudience, type InboxContent, inboxCampaigns } from '../../db/schema/inbox';
import { recordOperatorAudit } from '../../platform/audit';
import type { Db, DbOrTx } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { plainTitle, sanitizeMessageHtml } from '../../platform/sanitize-html';
import { inboxAudience } from './audience-port';

export type CampaignRow = typeof inboxCampaigns.$inferSelect;

/** Each language's title as plain text and body through the allow-list; empty EN/SW are left out (BN is their fallback). */
export function sanitizeContent(content: Partial<Record<string, { title: string; html: string }>>): Record<string, InboxContent> {
  const result: Record<string, InboxContent> = {};
  for (const [language, value] of Object.entries(content)) {
    if (!value) continue;
    const title = plainTitle(value.title);
    const html = sanitizeMessageHtml(value.html);
    if (language !== 'BN' && title === '' && html === '') continue;
    result[language] = { title, html };
  }
  return result;
}

/**
 * The audience as stored: a named member or agent is looked up in the operator's merchant only,
 * so an operator cannot address another merchant's member (NOT_FOUND, as a missing one).
 */
async function resolveAudience(db: DbOrTx, merchantId: number, input: CampaignAudienceInput): Promise<InboxAudience> {
  if (input.type === 'MEMBER' || input.type === 'AGENT_TEAM') {
    const found = await inboxAudience().findMember(db, merchantId, input.username);
    if (!found || (input.type === 'AGENT_TEAM' && !found.isAgent)) throw new AppError('NOT_FOUND', { value: { field: 'username' } });
    return input.type === 'MEMBER'
      ? { type: 'MEMBER', memberId: found.id, username: found.username }
      : { type: 'AGENT_TEAM', agentId: found.id, username: found.username };
  }
  if (input.type === 'VIP') return { type: 'VIP', ranks: [...new Set(input.ranks)].sort((a, b) => a - b) };
  if (input.type === 'NEW_MEMBERS') return { type: 'NEW_MEMBERS', days: input.days };
  return { type: 'EVERYONE' };
}

/**
 * Saves an operator message, sanitised, to go out at `sendAt` (now or later); the inbox job
 * fans it out (deliver-campaigns.ts). The campaign and its audit row commit together.
 */
export async function createCampaign(
  deps: { db: Db; now: Date },
  request: FastifyRequest,
  operator: { id: number | null; username: string },
  input: { merchantId: number; audience: CampaignAudienceInput; content: CampaignContentInput; sendAt: Date | null },
): Promise<CampaignRow> {
  const content = sanitizeContent(input.content);
  const bnTitle = content.BN?.title ?? '';
  if (bnTitle === '') throw new AppError('VALIDATION_FAILED', { value: { field: 'content.BN.title' } });
  const sendAt = input.sendAt && input.sendAt > deps.now ? input.sendAt : deps.now;
  return deps.db.transaction(async (tx) => {
    const audience = await resolveAudience(tx, input.merchantId, input.audience);
    const [row] = await tx
      .insert(inboxCampaigns)
      .values({
        merchantId: input.merchantId,
        audience,
        content,
        status: 'SCHEDULED',
        sendAt,
        operatorId: operator.id,
        operatorName: operator.username,
        createdAt: deps.now,
      })
      .returning();
    if (!row) throw new Error('campaign insert returned nothing');
    await recordOperatorAudit(tx, request, operator, {
      action: 'inbox.campaign_created',
      targetType: 'inbox_campaign',
      targetId: row.id,
      merchantId: input.merchantId,
      memberId: audience.type === 'MEMBER' ? audience.memberId : null,
      detail: { audience, sendAt: sendAt.toISOString(), languages: Object.keys(content), title: bnTitle },
    });
    return row;
  });
}
