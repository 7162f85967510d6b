import type { ORIGINALS_PATHS } from '@kismat/contracts/originals';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { OriginalsConfig } from '../utils/originals-types';
import { originalsKeys } from './originals-keys';

const CONFIG_PATH = '/bgs/api/originals/config' satisfies (typeof ORIGINALS_PATHS)['config'];

/** The merchant's house edge and stake limits (T). */
export function getOriginalsConfig(): Promise<OriginalsConfig> {
  return api.get<OriginalsConfig>(CONFIG_PATH);
}

export function useOriginalsConfig() {
  return useQuery(queryOptions({ queryKey: originalsKeys.config, queryFn: getOriginalsConfig, staleTime: 60_000 }));
}
