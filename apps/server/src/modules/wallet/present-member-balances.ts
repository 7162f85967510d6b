import { formatAmount, type MemberBalancesValue } from '@kismat/contracts/wallet';
import type { MemberBalances } from './get-member-balances';

/** Turns ledger balances (minor units) into the API's strings; `balance` is what the member can spend now. */
export function presentMemberBalances(
  balances: MemberBalances,
  merchant: { currency: string; currencySymbol: string },
): MemberBalancesValue {
  return {
    currency: balances.currency ?? merchant.currency,
    currencySymbol: merchant.currencySymbol,
    balance: formatAmount(balances.available),
    cash: formatAmount(balances.cash),
    held: formatAmount(balances.held),
    bonus: formatAmount(balances.bonus),
    trial: formatAmount(balances.trial),
    // Whole points, not minor units of money.
    points: balances.points.toString(),
  };
}
