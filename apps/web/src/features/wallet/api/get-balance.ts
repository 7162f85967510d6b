import { CASHIER_PATHS } from '@kismat/contracts/cashier';
import type { MemberBalancesValue } from '@kismat/contracts/wallet';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { walletKeys } from './wallet-keys';

/** GET /wps/v2/wallets/balance (T). */
export function getBalance(): Promise<MemberBalancesValue> {
  return api.get<MemberBalancesValue>(CASHIER_PATHS.balance);
}

export const balanceQuery = () => queryOptions({ queryKey: walletKeys.balance, queryFn: getBalance });

export function useBalance() {
  return useQuery(balanceQuery());
}
