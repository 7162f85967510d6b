import { z } from 'zod';
import { envelopeOf } from './envelope';

/**
 * The back office's inbox calls: operator messages (campaigns) to one member, a segment or
 * everyone, in BN/EN/SW with HTML the server sanitises against an allow-list; sent now or at a
 * time. The fan-out is a job (docs/inbox.md).
 */
export const INBOX_ADMIN_PATHS = {
  /** GET: campaigns, newest first; POST: create one (send now or at sendAt). */
  campaigns: '/admin-api/merchants/:code/inbox/campaigns',
  /** POST: cancel a scheduled campaign (one already sending or sent stays). */
  campaignCancel: '/admin-api/merchants/:code/inbox/campaigns/:id/cancel',
  /** POST { content }: the sanitised result per language, as members will see it. */
  preview: '/admin-api/merchants/:code/inbox/preview',
} as const;

export const CAMPAIGN_STATUSES = ['SCHEDULED', 'SENDING', 'SENT', 'CANCELLED'] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];

/** Who receives it; a segment is resolved when the job fans out (members who match then). */
export const campaignAudienceInput = z.discriminatedUnion('type', [
  z.object({ type: z.literal('MEMBER'), username: z.string().trim().min(1).max(64) }),
  z.object({ type: z.literal('VIP'), ranks: z.array(z.number().int().min(1).max(100)).min(1).max(100) }),
  z.object({ type: z.literal('AGENT_TEAM'), username: z.string().trim().min(1).max(64) }),
  z.object({ type: z.literal('NEW_MEMBERS'), days: z.number().int().min(1).max(365) }),
  z.object({ type: z.literal('EVERYONE') }),
]);
export type CampaignAudienceInput = z.infer<typeof campaignAudienceInput>;

export const CAMPAIGN_TITLE_MAX = 120;
export const CAMPAIGN_HTML_MAX = 20_000;
const languageContent = z.object({
  title: z.string().trim().max(CAMPAIGN_TITLE_MAX),
  html: z.string().max(CAMPAIGN_HTML_MAX),
});
/** BN is required (every member falls back to it); EN and SW may be left empty. */
export const campaignContentInput = z.object({
  BN: languageContent.refine((value) => value.title !== '', 'BN title required'),
  EN: languageContent.optional(),
  SW: languageContent.optional(),
});
export type CampaignContentInput = z.infer<typeof campaignContentInput>;

export const createCampaignBody = z.object({
  audience: campaignAudienceInput,
  content: campaignContentInput,
  /** ISO time; absent: now. */
  sendAt: z.string().datetime({ offset: true }).optional(),
});
export type CreateCampaignBody = z.infer<typeof createCampaignBody>;

export const campaignAudienceValue = z.object({
  type: z.enum(['MEMBER', 'VIP', 'AGENT_TEAM', 'NEW_MEMBERS', 'EVERYONE']),
  username: z.string().optional(),
  ranks: z.array(z.number()).optional(),
  days: z.number().optional(),
});
export const campaignValue = z.object({
  id: z.number(),
  audience: campaignAudienceValue,
  content: z.record(z.string(), z.object({ title: z.string(), html: z.string() })),
  status: z.enum(CAMPAIGN_STATUSES),
  sendAt: z.string(),
  delivered: z.number(),
  operatorName: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type CampaignValue = z.infer<typeof campaignValue>;
export const campaignResponse = envelopeOf(campaignValue);
export const campaignsResponse = envelopeOf(z.object({ items: z.array(campaignValue) }));

export const previewBody = z.object({
  content: z.record(z.string(), z.object({ title: z.string().max(500), html: z.string().max(CAMPAIGN_HTML_MAX) })),
});
export const previewResponse = envelopeOf(z.object({ content: z.record(z.string(), z.object({ title: z.string(), html: z.string() })) }));

export const campaignParams = z.object({ code: z.string().max(40), id: z.coerce.number().int().positive() });
export const merchantCodeParams = z.object({ code: z.string().max(40) });
