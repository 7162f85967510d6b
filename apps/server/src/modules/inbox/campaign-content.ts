import { inArray } from 'drizzle-orm';
import { type InboxContent, inboxCampaigns } from '../../db/schema/inbox';
import type { DbOrTx } from '../../platform/db';
import { type NotificationRow, presentNotification } from './send-inbox-message';

/** An operator message's content in `language`, else in BN (the composer requires BN). */
export function contentIn(content: Record<string, InboxContent> | undefined, language: string): InboxContent | null {
  if (!content) return null;
  const chosen = content[language];
  if (chosen && (chosen.title.trim() !== '' || chosen.html.trim() !== '')) return chosen;
  return content.BN ?? null;
}

/**
 * Rows as the member reads them: operator messages take their campaign's content in the
 * member's language. One query for the page's campaigns (a million rows share one content).
 */
export async function presentMessages(db: DbOrTx, rows: readonly NotificationRow[], language: string) {
  const campaignIds = [...new Set(rows.flatMap((row) => (row.campaignId === null ? [] : [row.campaignId])))];
  const campaigns =
    campaignIds.length === 0
      ? []
      : await db
          .select({ id: inboxCampaigns.id, content: inboxCampaigns.content })
          .from(inboxCampaigns)
          .where(inArray(inboxCampaigns.id, campaignIds));
  const contentOf = new Map(campaigns.map((campaign) => [campaign.id, campaign.content]));
  return rows.map((row) => presentNotification(row, row.campaignId === null ? null : contentIn(contentOf.get(row.campaignId), language)));
}
