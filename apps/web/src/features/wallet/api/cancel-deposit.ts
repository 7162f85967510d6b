import { CASHIER_PATHS, type DepositValue } from '@kismat/contracts/cashier';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { walletKeys } from './wallet-keys';

/** Closes the member's own unpaid online order; repeating it answers the same cancelled order. */
export function cancelDeposit(depositId: number): Promise<DepositValue> {
  return api.post<DepositValue>(CASHIER_PATHS.depositCancel.replace(':id', String(depositId)));
}

export function useCancelDeposit() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: cancelDeposit, onSettled: () => queryClient.invalidateQueries({ queryKey: walletKeys.deposits }) });
}
