import { CASHIER_PATHS } from '@kismat/contracts/cashier';
import type { MemberBalancesValue } from '@kismat/contracts/wallet';
import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useSessionStore } from '@/stores/session-store';
import { walletKeys } from './wallet-keys';

/** GET /wps/v2/wallets/balance (T); the header balance (play money in trial play) mirrors every answer. */
export async function getBalance(): Promise<MemberBalancesValue> {
  const balances = await api.get<MemberBalancesValue>(CASHIER_PATHS.balance);
  const member = useSessionStore.getState().member;
  if (member) {
    useSessionStore
      .getState()
      .setMember({ ...member, balance: balances.balance, trialBalance: balances.trial, currencySymbol: balances.currencySymbol });
  }
  return balances;
}

export const balanceQuery = () => queryOptions({ queryKey: walletKeys.balance, queryFn: getBalance });

export function useBalance() {
  return useQuery(balanceQuery());
}

/** Asks the server for the balance now (a hold, a transfer just changed it) and so moves the header. */
export function refreshBalance(queryClient: QueryClient): Promise<MemberBalancesValue> {
  return queryClient.fetchQuery({ ...balanceQuery(), staleTime: 0 });
}
