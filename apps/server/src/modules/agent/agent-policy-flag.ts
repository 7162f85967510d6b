import { AppError } from '../../platform/errors';
import { isFlagOn } from '../../platform/flags';
import type { Merchant } from '../../platform/merchant';

/** AGENTPOLICY3 (whitelabel flag): the merchant runs agent contracts at all. */
export function isAgentPolicyOn(merchant: Pick<Merchant, 'whitelabel'>): boolean {
  return isFlagOn(merchant, 'AGENTPOLICY3');
}

export function assertAgentPolicyOn(merchant: Pick<Merchant, 'whitelabel'>): void {
  if (!isAgentPolicyOn(merchant)) throw new AppError('FEATURE_DISABLED');
}
