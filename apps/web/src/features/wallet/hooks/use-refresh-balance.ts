import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { refreshBalance } from '../api/get-balance';

/**
 * The header's refresh button: asks GET /wps/v2/wallets/balance (not the whole member info);
 * the answer moves the header balance (see getBalance).
 */
export function useRefreshBalance(): { refresh: () => Promise<void>; isRefreshing: boolean } {
  const queryClient = useQueryClient();
  const [isRefreshing, setIsRefreshing] = useState(false);
  const refresh = useCallback(async () => {
    setIsRefreshing(true);
    try {
      await refreshBalance(queryClient);
    } catch {
      // The api client already handles an ended session; a failed refresh keeps the shown balance.
    } finally {
      setIsRefreshing(false);
    }
  }, [queryClient]);
  return { refresh, isRefreshing };
}
