import { RISK_FLAG_STATUSES, RISK_PAGE_SIZE, RISK_RULES, RISK_SEVERITIES, type RiskFlagValue } from '@kismat/contracts/risk-admin';
import { and, count, desc, eq, lt, type SQL } from 'drizzle-orm';
import { riskFlags } from '../../db/schema/risk';
import type { DbOrTx } from '../../platform/db';

type FlagRow = typeof riskFlags.$inferSelect;

const oneOf = <T extends string>(values: readonly T[], value: string, fallback: T): T =>
  (values as readonly string[]).includes(value) ? (value as T) : fallback;

/** What the evidence says in words an operator reads. */
function evidenceText(row: FlagRow): string {
  const detail = row.detail as Record<string, unknown>;
  if (typeof detail.shared === 'string') return detail.shared;
  if (typeof detail.ip === 'string') return `${detail.ip} (${String(detail.accounts ?? '')} accounts)`;
  if (typeof detail.withdrawalId === 'number') return `withdrawal #${detail.withdrawalId}`;
  if (typeof detail.issueNo === 'string') return `draw ${detail.issueNo} · ${String(detail.betType)}`;
  return row.evidenceKey;
}

export function presentRiskFlag(row: FlagRow): Omit<RiskFlagValue, 'username'> {
  return {
    id: row.id,
    memberId: row.memberId,
    rule: oneOf(RISK_RULES, row.rule, 'SHARED_IP'),
    severity: oneOf(RISK_SEVERITIES, row.severity, 'LOW'),
    evidence: evidenceText(row),
    detail: row.detail,
    status: oneOf(RISK_FLAG_STATUSES, row.status, 'OPEN'),
    createdAt: row.createdAt.toISOString(),
    reviewedAt: row.reviewedAt ? row.reviewedAt.toISOString() : null,
    reviewedBy: row.reviewedBy,
    reviewNote: row.reviewNote,
  };
}

/** One page of a merchant's flags, newest first (keyset on id over risk_flags_queue), and how many are open. */
export async function listRiskFlags(
  db: DbOrTx,
  input: {
    merchantId: number;
    status?: string | undefined;
    rule?: string | undefined;
    memberId?: number | undefined;
    before?: number | undefined;
  },
): Promise<{ rows: FlagRow[]; nextBefore: number | null; openCount: number }> {
  const conditions: (SQL | undefined)[] = [
    eq(riskFlags.merchantId, input.merchantId),
    input.status ? eq(riskFlags.status, input.status) : undefined,
    input.rule ? eq(riskFlags.rule, input.rule) : undefined,
    input.memberId ? eq(riskFlags.memberId, input.memberId) : undefined,
    input.before ? lt(riskFlags.id, input.before) : undefined,
  ];
  const rows = await db
    .select()
    .from(riskFlags)
    .where(and(...conditions))
    .orderBy(desc(riskFlags.id))
    .limit(RISK_PAGE_SIZE + 1);
  const [open] = await db
    .select({ total: count() })
    .from(riskFlags)
    .where(and(eq(riskFlags.merchantId, input.merchantId), eq(riskFlags.status, 'OPEN')));
  const page = rows.slice(0, RISK_PAGE_SIZE);
  return { rows: page, nextBefore: rows.length > RISK_PAGE_SIZE ? (page.at(-1)?.id ?? null) : null, openCount: open?.total ?? 0 };
}

/** How many flags of a member wait for review (the partial index on open flags); `severity` counts only those. */
export async function countOpenRiskFlags(db: DbOrTx, memberId: number, severity?: string): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(riskFlags)
    .where(and(eq(riskFlags.memberId, memberId), eq(riskFlags.status, 'OPEN'), severity ? eq(riskFlags.severity, severity) : undefined));
  return row?.total ?? 0;
}
