import { POINTS_PATHS, type pointBalanceValue } from '@kismat/contracts/points';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import { pointsKeys } from './points-keys';

export type PointBalance = z.infer<typeof pointBalanceValue>;

export function usePointBalance() {
  return useQuery({ queryKey: pointsKeys.balance, queryFn: () => api.get<PointBalance>(POINTS_PATHS.balance) });
}
