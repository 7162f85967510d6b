import { CASHIER_PATHS, type DepositValue } from '@kismat/contracts/cashier';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, api } from '@/lib/api-client';
import { walletKeys } from './wallet-keys';

export interface CreateDepositInput {
  channelId: number;
  amount: string;
  reference?: string;
  proofUploadId?: string;
  idempotencyKey: string;
}

export function createDeposit(input: CreateDepositInput): Promise<DepositValue> {
  return api.post<DepositValue>(CASHIER_PATHS.deposits, input);
}

/** The open online order a refused "Pay online" names (DEPOSIT_ORDER_OPEN: another amount while it is unpaid). */
export function openOrderOf(error: unknown): DepositValue | null {
  if (!(error instanceof ApiError) || error.code !== 'DEPOSIT_ORDER_OPEN') return null;
  const value = error.value as { deposit?: DepositValue } | null;
  return value?.deposit ?? null;
}

export function useCreateDeposit() {
  const queryClient = useQueryClient();
  // Settled, not only succeeded: a refusal because an order is open must show that order too.
  return useMutation({ mutationFn: createDeposit, onSettled: () => queryClient.invalidateQueries({ queryKey: walletKeys.deposits }) });
}
