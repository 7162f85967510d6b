import type { bankAccount, SECURITY_PATHS } from '@kismat/contracts/security';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api-client';

const BANK_ACCOUNTS_PATH = '/wps/member/security/bankAccounts' satisfies (typeof SECURITY_PATHS)['bankAccounts'];

export type BankAccount = z.infer<typeof bankAccount>;

/** GET /wps/member/security/bankAccounts (T): the member's accounts, numbers masked. */
export function getBankAccounts(): Promise<BankAccount[]> {
  return api.get<BankAccount[]>(BANK_ACCOUNTS_PATH);
}

export const bankAccountsQueryKey = ['member', 'security', 'bankAccounts'] as const;

export function useBankAccounts() {
  return useQuery(queryOptions({ queryKey: bankAccountsQueryKey, queryFn: getBankAccounts }));
}
