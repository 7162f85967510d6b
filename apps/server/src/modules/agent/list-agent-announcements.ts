import { and, desc, eq, gt, isNull, lte, or, sql } from 'drizzle-orm';
import { agentAnnouncements } from '../../db/schema/agent';
import type { AgentContext } from '../../platform/request-context';

/** agentAnnouncement: the merchant's published, unexpired agent announcements, pinned first. */
export async function listAgentAnnouncements(ctx: AgentContext, page: { pageNo: number; pageSize: number }) {
  const where = and(
    eq(agentAnnouncements.merchantId, ctx.merchant.id),
    lte(agentAnnouncements.publishedAt, ctx.now),
    or(isNull(agentAnnouncements.expiresAt), gt(agentAnnouncements.expiresAt, ctx.now)),
  );
  const rows = await ctx.db
    .select()
    .from(agentAnnouncements)
    .where(where)
    .orderBy(desc(agentAnnouncements.isPinned), desc(agentAnnouncements.publishedAt))
    .limit(page.pageSize)
    .offset((page.pageNo - 1) * page.pageSize);
  const [count] = await ctx.db.select({ total: sql<number>`count(*)::int` }).from(agentAnnouncements).where(where);
  return {
    items: rows.map((row) => ({
      id: row.id,
      title: row.title,
      content: row.content,
      isPinned: row.isPinned,
      publishedAt: row.publishedAt.toISOString(),
    })),
    total: Number(count?.total ?? 0),
    pageNo: page.pageNo,
    pageSize: page.pageSize,
  };
}
