import { type OperatorMe, roleMay } from '@kismat/contracts/operator-accounts';

/** Finance and admin approve, reject and adjust; support only reads. The server checks the same table. */
export function canMoveMoney(me: OperatorMe): boolean {
  return roleMay(me.role, 'money');
}

/** Admins manage operators, merchant settings and contracts. */
export function canManage(me: OperatorMe): boolean {
  return roleMay(me.role, 'settings');
}
