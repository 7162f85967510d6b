import type { MemberRow } from '../../platform/auth';
import { AppError } from '../../platform/errors';
import { verifyPassword } from '../member/password-hash';

/** Withdrawals and transfers need the second password, so a borrowed logged-in session cannot move money out. */
export async function checkPaymentPassword(member: Pick<MemberRow, 'paymentPasswordHash'>, given: string): Promise<void> {
  if (!member.paymentPasswordHash) throw new AppError('PAYMENT_PASSWORD_NOT_SET');
  if (!(await verifyPassword(member.paymentPasswordHash, given))) throw new AppError('PAYMENT_PASSWORD_INVALID');
}
