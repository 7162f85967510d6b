import type { consolidatedValue, MEMBER_PATHS } from '@kismat/contracts/member';
import type { z } from 'zod';
import { api } from '@/lib/api-client';

const CONSOLIDATED_PATH = '/wps/member/info/funds/consolidated' satisfies (typeof MEMBER_PATHS)['consolidated'];

export type Consolidated = z.infer<typeof consolidatedValue>;

/** GET /wps/member/info/funds/consolidated (T, real members): which agent contract types apply. */
export function getConsolidated(): Promise<Consolidated> {
  return api.get<Consolidated>(CONSOLIDATED_PATH);
}
