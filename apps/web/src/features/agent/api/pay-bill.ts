import { AGENT_PATHS, type payBillValue } from '@kismat/contracts/agent';
import type { z } from 'zod';
import { useInvalidatingMutation } from '@/lib/use-invalidating-mutation';
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
  // Bills, balances, revenue and team figures all move with a payment.
  return useInvalidatingMutation(payBill, agentKeys.all);
}
