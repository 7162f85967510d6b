import type { AuditPageValue, AuditQuery } from '@kismat/contracts/operator-accounts';
import { and, desc, eq, gte, lt, sql } from 'drizzle-orm';
import { operatorAuditLog } from '../../db/schema/operators';
import type { DbOrTx } from '../../platform/db';
import { escapeLike } from '../../platform/like-pattern';
import { pageOfRows } from '../../platform/page-of-rows';

/** One page of the operator audit log, newest first; a scoped operator sees its merchant's rows and its own. */
export async function listAuditEntries(db: DbOrTx, query: AuditQuery, scope: { merchantId: number | null }): Promise<AuditPageValue> {
  const where = and(
    query.action ? sql`${operatorAuditLog.action} like ${`${escapeLike(query.action)}%`}` : undefined,
    query.operator ? sql`lower(${operatorAuditLog.operatorName}) = lower(${query.operator})` : undefined,
    query.targetType ? eq(operatorAuditLog.targetType, query.targetType) : undefined,
    query.targetId ? eq(operatorAuditLog.targetId, query.targetId) : undefined,
    query.from ? gte(operatorAuditLog.createdAt, new Date(query.from)) : undefined,
    query.to ? lt(operatorAuditLog.createdAt, new Date(query.to)) : undefined,
    scope.merchantId !== null ? eq(operatorAuditLog.merchantId, scope.merchantId) : undefined,
  );
  const { rows, total } = await pageOfRows(db, operatorAuditLog, where, [desc(operatorAuditLog.id)], query);
  return {
    list: rows.map((row) => ({
      id: row.id,
      operatorId: row.operatorId,
      operatorName: row.operatorName,
      action: row.action,
      targetType: row.targetType,
      targetId: row.targetId,
      memberId: row.memberId,
      reason: row.reason,
      detail: row.detail,
      ip: row.ip,
      requestId: row.requestId,
      createdAt: row.createdAt.toISOString(),
    })),
    total,
    pageNo: query.pageNo,
    pageSize: query.pageSize,
  };
}
