import type { SECURITY_PATHS } from '@kismat/contracts/security';
import { sealedRequest } from '@/lib/sealed-request';
import type { BankAccount } from './get-bank-accounts';
import { useBankAccountWrite } from './security-writes';

const CONFIRM_PATH = '/wps/member/security/bankAccounts/confirm' satisfies (typeof SECURITY_PATHS)['confirmBankAccount'];

/** POST /wps/member/security/bankAccounts/confirm (T, E): binds the account for good (payment password). */
export function confirmBankAccount(body: { id: number; paymentPassword: string }): Promise<BankAccount> {
  return sealedRequest<BankAccount>(CONFIRM_PATH, body);
}

export function useConfirmBankAccount() {
  return useBankAccountWrite(confirmBankAccount);
}
