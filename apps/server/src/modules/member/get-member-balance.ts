import type { MemberRow } from '../../platform/auth';
import type { DbOrTx } from '../../platform/db';

/**
 * WALLET PLACEHOLDER: the member's real-money balance as the API shows it ("1234.50").
 * The wallet module replaces this body with a read of the member's cash ledger account; every
 * caller (member info, login result, header) already goes through here. A trial player's
 * play money is never part of this figure.
 */
export async function getMemberBalance(_db: DbOrTx, _member: Pick<MemberRow, 'id' | 'type'>): Promise<string> {
  return '0.00';
}
