import { AGENT_PATHS, type payBillValue } from '@kismat/contracts/agent';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { agentKeys } from './agent-keys';
import { sealedRouteRequest } from './sealed-route-request';

export interface PayBillInput {
  billId: number;
  paymentPassword: string;
  idempotencyKey: string;
}
export type PayBillResult = z.infer<typeof payBillValue>;

/** POST /wps/agent/bills/:id/pay (E): the payer pays what it still owes on a PARTIAL or UNPAID bill. */
export function payBill({ billId, ...body }: PayBillInput): Promise<PayBillResult> {
  return sealedRouteRequest<PayBillResult>(AGENT_PATHS.payBill, AGENT_PATHS.payBill.replace(':id', String(billId)), body);
}

export function usePayBill() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: payBill,
    // Bills, balances, revenue and team figures all move with a payment.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: agentKeys.all }),
  });
}
