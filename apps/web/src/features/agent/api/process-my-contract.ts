import { CONTRACT_RELAY_PATHS, type ContractType } from '@kismat/contracts/agent';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useInvalidatingMutation } from '@/lib/use-invalidating-mutation';
import { agentKeys } from './agent-keys';
import type { ContractRelay } from './types';

export type ContractAction = 'accept' | 'reject' | 'terminate';

/**
 * The contract relays (MCS2_processDividendReq, MCS2_processDailySalContract,
 * MCS2_processContractHourSalary, MCSFE_processRealTimeSalaryContract): the agent's own side of
 * a contract type, as its upline's downline.
 */
export function processMyContract(
  type: ContractType,
  body: { action: 'list' | ContractAction; contractId?: number; agreeTerminateDownlines?: boolean },
): Promise<ContractRelay> {
  return api.post<ContractRelay>(CONTRACT_RELAY_PATHS[type], body);
}

export function getMyContractsQueryOptions(type: ContractType) {
  return queryOptions({ queryKey: agentKeys.myContracts(type), queryFn: () => processMyContract(type, { action: 'list' }) });
}

export function useMyContracts(type: ContractType, isEnabled = true) {
  return useQuery({ ...getMyContractsQueryOptions(type), enabled: isEnabled });
}

export function useRespondToContract(type: ContractType) {
  return useInvalidatingMutation(
    (input: { action: ContractAction; contractId: number; agreeTerminateDownlines?: boolean }) => processMyContract(type, input),
    agentKeys.all,
  );
}
