import type { ORIGINALS_PATHS } from '@kismat/contracts/originals';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { OpenMinesValue } from '../utils/originals-types';
import { originalsKeys } from './originals-keys';

const OPEN_PATH = '/bgs/api/originals/mines/open' satisfies (typeof ORIGINALS_PATHS)['minesOpen'];

/** The member's open mines round, if any: the screen resumes it after a reload (T). */
export function getOpenMinesRound(): Promise<OpenMinesValue> {
  return api.get<OpenMinesValue>(OPEN_PATH);
}

export function useOpenMinesRound(isEnabled: boolean) {
  return useQuery({ ...queryOptions({ queryKey: originalsKeys.openMines, queryFn: getOpenMinesRound }), enabled: isEnabled });
}
