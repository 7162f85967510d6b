import { CASHIER_PATHS, type DepositValue } from '@kismat/contracts/cashier';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
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

export function useCreateDeposit() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createDeposit, onSuccess: () => queryClient.invalidateQueries({ queryKey: walletKeys.deposits }) });
}
