import { MEMBER_SEARCH_FIELDS, type MemberSearchField } from '@kismat/contracts/member-desk';

/*
 * The members page keeps its state in the URL hash, so a search or a member's tab can be
 * bookmarked, shared and reloaded: #/members?field=phone&q=1712 and #/members/42/ledger.
 */

export const MEMBER_TABS = [
  { id: 'overview', label: 'Overview' },
  { id: 'ledger', label: 'Ledger' },
  { id: 'rounds', label: 'Rounds' },
  { id: 'cashier', label: 'Deposits & withdrawals' },
  { id: 'promotions', label: 'Promotions' },
  { id: 'devices', label: 'Devices & IPs' },
  { id: 'linked', label: 'Linked accounts' },
  { id: 'notes', label: 'Notes' },
] as const;
export type MemberTab = (typeof MEMBER_TABS)[number]['id'];

export type MembersRoute =
  | { kind: 'search'; field: MemberSearchField; q: string; after: number | null; sort: string }
  | { kind: 'member'; id: number; tab: MemberTab };

export function readMembersRoute(hash = window.location.hash): MembersRoute {
  const [path = '', query = ''] = hash.replace(/^#\/?/, '').split('?');
  const [, id, tab] = path.split('/');
  if (id && /^\d+$/.test(id)) {
    const known = MEMBER_TABS.find((item) => item.id === tab);
    return { kind: 'member', id: Number(id), tab: known ? known.id : 'overview' };
  }
  const params = new URLSearchParams(query);
  const field = params.get('field') ?? 'any';
  const after = params.get('after');
  return {
    kind: 'search',
    field: (MEMBER_SEARCH_FIELDS as readonly string[]).includes(field) ? (field as MemberSearchField) : 'any',
    q: params.get('q') ?? '',
    after: after && /^\d+$/.test(after) ? Number(after) : null,
    sort: params.get('sort') ?? '',
  };
}

export function searchHref(input: { field: MemberSearchField; q: string; after?: number | null; sort?: string }): string {
  const params = new URLSearchParams();
  if (input.q) params.set('q', input.q);
  if (input.field !== 'any') params.set('field', input.field);
  if (input.after) params.set('after', String(input.after));
  if (input.sort) params.set('sort', input.sort);
  const query = params.toString();
  return `#/members${query ? `?${query}` : ''}`;
}

export function memberHref(id: number, tab: MemberTab = 'overview'): string {
  return `#/members/${id}${tab === 'overview' ? '' : `/${tab}`}`;
}
