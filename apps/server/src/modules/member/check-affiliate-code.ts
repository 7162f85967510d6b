import type { DbOrTx } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { findAgentByAffiliateCode, normalizeAffiliateCode } from './member-queries';

/** GET /wps/agent/affiliate: the invitation code belongs to an active agent of this merchant, or INVALID_AFFILIATE_CODE. */
export async function checkAffiliateCode(
  db: DbOrTx,
  merchantId: number,
  code: string,
): Promise<{ valid: true; code: string; agentNickname: string }> {
  const agent = await findAgentByAffiliateCode(db, merchantId, code);
  if (!agent) throw new AppError('INVALID_AFFILIATE_CODE');
  return { valid: true, code: normalizeAffiliateCode(code), agentNickname: agent.nickname };
}
