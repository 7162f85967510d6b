import type { SECURITY_PATHS } from '@kismat/contracts/security';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sealedRequest } from '@/lib/sealed-request';
import { type BankAccount, bankAccountsQueryKey } from './get-bank-accounts';
import { securityOverviewQueryKey } from './get-security-overview';

const BANK_ACCOUNTS_PATH = '/wps/member/security/bankAccounts' satisfies (typeof SECURITY_PATHS)['bankAccounts'];

export interface AddBankAccountBody {
  accountName: string;
  accountNumber: string;
  bankName: string;
  branch?: string;
}

/** POST /wps/member/security/bankAccounts (T, E): added unbound; removable until confirmed. */
export function addBankAccount(body: AddBankAccountBody): Promise<BankAccount> {
  return sealedRequest<BankAccount>(BANK_ACCOUNTS_PATH, body);
}

export function useAddBankAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addBankAccount,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: bankAccountsQueryKey });
      void queryClient.invalidateQueries({ queryKey: securityOverviewQueryKey });
    },
  });
}
