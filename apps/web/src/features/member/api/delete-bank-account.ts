import type { SECURITY_PATHS } from '@kismat/contracts/security';
import { api } from '@/lib/api-client';
import { useBankAccountWrite } from './security-writes';

const BANK_ACCOUNTS_PATH = '/wps/member/security/bankAccounts' satisfies (typeof SECURITY_PATHS)['bankAccounts'];

/** DELETE /wps/member/security/bankAccounts?id= (T): only an unbound account can go. */
export function deleteBankAccount(id: number): Promise<null> {
  return api.delete<null>(BANK_ACCOUNTS_PATH, { query: { id } });
}

export function useDeleteBankAccount() {
  return useBankAccountWrite(deleteBankAccount);
}
