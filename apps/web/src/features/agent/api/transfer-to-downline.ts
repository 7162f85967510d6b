import { AGENT_PATHS } from '@kismat/contracts/agent';
import { useInvalidatingMutation } from '@/lib/use-invalidating-mutation';
import { agentKeys } from './agent-keys';
import { sealedRouteRequest } from './sealed-route-request';

export interface TransferInput {
  memberId: number;
  amount: string;
  paymentPassword: string;
  idempotencyKey: string;
}
export interface TransferResult {
  transferId: number;
  toMemberId: number;
  toUsername: string;
  amount: string;
  createdAt: string;
}

/** POST /wps/agent/downlines/:memberId/transfer (E): the cashier's transfer to a downline, with payment password. */
export function transferToDownline({ memberId, ...body }: TransferInput): Promise<TransferResult> {
  return sealedRouteRequest<TransferResult>(
    AGENT_PATHS.downlineTransfer,
    AGENT_PATHS.downlineTransfer.replace(':memberId', String(memberId)),
    body,
  );
}

export function useTransferToDownline() {
  return useInvalidatingMutation(transferToDownline, agentKeys.all);
}
