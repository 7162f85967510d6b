import type { SECURITY_PATHS } from '@kismat/contracts/security';
import { sealedRequest } from '@/lib/sealed-request';
import type { BankAccount } from './get-bank-accounts';
import { useBankAccountWrite } from './security-writes';

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
  return useBankAccountWrite(addBankAccount);
}
