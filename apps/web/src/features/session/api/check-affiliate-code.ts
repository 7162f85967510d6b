import type { affiliateValue, MEMBER_PATHS } from '@kismat/contracts/member';
import type { z } from 'zod';
import { api } from '@/lib/api-client';

const AFFILIATE_PATH = '/wps/agent/affiliate' satisfies (typeof MEMBER_PATHS)['affiliate'];

export type AffiliateCheck = z.infer<typeof affiliateValue>;

/** GET /wps/agent/affiliate (N): INVALID_AFFILIATE_CODE unless the code is an agent of this site. */
export function checkAffiliateCode(code: string): Promise<AffiliateCheck> {
  return api.get<AffiliateCheck>(AFFILIATE_PATH, {
    query: { code, domain: typeof window === 'undefined' ? undefined : window.location.hostname },
    skipAuthRedirect: true,
  });
}
