import { CASHIER_PATHS, type DepositValue } from '@kismat/contracts/cashier';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { walletKeys } from './wallet-keys';

/** SANDBOX gateway only: completes or fails a test payment through the signed callback. */
export function sandboxPay(input: { depositId: number; outcome: 'paid' | 'failed' }) {
  return api.post<{ deposit: DepositValue; deliveries: number[] }>(CASHIER_PATHS.sandboxPay, input);
}

export function useSandboxPay() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: sandboxPay, onSuccess: () => queryClient.invalidateQueries({ queryKey: walletKeys.all }) });
}
