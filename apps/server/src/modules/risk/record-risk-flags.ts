import type { RiskRule } from '@kismat/contracts/risk-admin';

import { riskFlags } from '../../db/schema/risk';
import type { DbOrTx } from '../../platform/db';
import { RULE_SEVERITY } from './risk-rules';

export interface FlagInput {
  memberId: number;
  rule: RiskRule;
  evidenceKey: string;
  detail: Record<string, unknown>;
}

/**
 * Writes the flags not written before (unique per merchant, member, rule and evidence), so a
 * rule that runs twice over the same events, or two runners at once, flag once. Answers how many
 * are new.
 */
export async function recordRiskFlags(db: DbOrTx, merchantId: number, flags: FlagInput[], now: Date): Promise<number> {
  if (flags.length === 0) return 0;
  const rows = await db
    .insert(riskFlags)
    .values(
      flags.map((flag) => ({
        merchantId,
        memberId: flag.memberId,
        rule: flag.rule,
        evidenceKey: flag.evidenceKey.slice(0, 300),
        severity: RULE_SEVERITY[flag.rule],
        detail: flag.detail,
        createdAt: now,
      })),
    )
    .onConflictDoNothing({ target: [riskFlags.merchantId, riskFlags.memberId, riskFlags.rule, riskFlags.evidenceKey] })
    .returning({ id: riskFlags.id });
  return rows.length;
}
