import type { MemberSearchField, MemberSearchQuery, MemberSearchValue } from '@kismat/contracts/member-desk';
import type { DbOrTx } from '../../platform/db';
import type { OperatorIdentity } from '../../platform/operator-auth';
import { searchDeskMembers } from '../member/index';
import { findBankAccountHolders } from '../security/index';
import { presentDeskMembers } from './present-desk-member';

/** What `any` means for the typed text: an IP, an e-mail, a phone number, else a username. */
export function guessSearchField(text: string): Exclude<MemberSearchField, 'any'> {
  const trimmed = text.trim();
  if (/^\d{1,3}(\.\d{1,3}){3}$/.test(trimmed) || /^[0-9a-f:]+:[0-9a-f:]+$/i.test(trimmed)) return 'ip';
  if (trimmed.includes('@')) return 'email';
  if (/^\+?[\d\s-]{6,}$/.test(trimmed)) return 'phone';
  return 'username';
}

/**
 * The back office's search box over every member of the operator's merchant (or of the one it
 * names): one index per kind, keyset-paged by id so page 1000 costs what page 1 does.
 */
export async function searchMembers(
  db: DbOrTx,
  operator: OperatorIdentity,
  query: MemberSearchQuery,
  merchantId: number | null,
): Promise<MemberSearchValue> {
  const matched = query.field === 'any' ? guessSearchField(query.q) : query.field;
  const scope = operator.merchantId ?? merchantId;
  const limit = query.size + 1;
  const base = { merchantId: scope, after: query.after, limit };
  const rows =
    matched === 'bank'
      ? await searchDeskMembers(db, {
          ...base,
          field: 'ids',
          text: '',
          ids: await findBankAccountHolders(db, { merchantId: scope, numberPrefix: query.q.replace(/\s/g, ''), limit: 500 }),
        })
      : await searchDeskMembers(db, { ...base, field: matched, text: query.q });
  const page = rows.slice(0, query.size);
  const last = page.at(-1);
  return {
    matched,
    items: await presentDeskMembers(db, page),
    nextAfter: rows.length > query.size && last ? last.member.id : null,
  };
}
