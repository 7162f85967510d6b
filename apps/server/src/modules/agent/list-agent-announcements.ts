import { and, desc, eq, gt, isNull, lte, or } from 'drizzle-orm';
import { agentAnnouncements } from '../../db/schema/agent';
import { pageOfRows } from '../../platform/page-of-rows';
import type { AgentContext } from '../../platform/request-context';

/** agentAnnouncement: the merchant's published, unexpired agent announcements, pinned first. */
export async function listAgentAnnouncements(ctx: AgentContext, page: { pageNo: number; pageSize: number }) {
  const where = and(
    eq(agentAnnouncements.merchantId, ctx.merchant.id),
    lte(agentAnnouncements.publishedAt, ctx.now),
    or(isNull(agentAnnouncements.expiresAt), gt(agentAnnouncements.expiresAt, ctx.now)),
  );
  const pinnedFirst = [desc(agentAnnouncements.isPinned), desc(agentAnnouncements.publishedAt)];
  const { rows, total } = await pageOfRows(ctx.db, agentAnnouncements, where, pinnedFirst, page);
  return {
    items: rows.map((row) => ({
      id: row.id,
      title: row.title,
      content: row.content,
      isPinned: row.isPinned,
      publishedAt: row.publishedAt.toISOString(),
    })),
    total,
    pageNo: page.pageNo,
    pageSize: page.pageSize,
  };
}
