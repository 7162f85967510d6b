import { CASHIER_PATHS, type DepositChannelValue, type DepositValue } from '@kismat/contracts/cashier';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { walletKeys } from './wallet-keys';

export function getDepositChannels(): Promise<DepositChannelValue[]> {
  return api.get<DepositChannelValue[]>(CASHIER_PATHS.depositChannels);
}

export function useDepositChannels() {
  return useQuery(queryOptions({ queryKey: walletKeys.channels, queryFn: getDepositChannels }));
}

export function getDeposits(): Promise<DepositValue[]> {
  return api.get<DepositValue[]>(CASHIER_PATHS.deposits);
}

export function useDeposits() {
  return useQuery(queryOptions({ queryKey: walletKeys.deposits, queryFn: getDeposits }));
}
