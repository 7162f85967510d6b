import type { OperatorMe } from '@kismat/contracts/operator-accounts';
import { useEffect, useState } from 'react';
import { MemberFile } from './members-file';
import { readMembersRoute } from './members-route';
import { MemberSearch } from './members-search';
import './members.css';

/** Members: the search (#/members?q=…) or one member's page (#/members/42/ledger), following the hash. */
export function MembersPage({ me }: { me: OperatorMe }) {
  const [route, setRoute] = useState(readMembersRoute);
  useEffect(() => {
    const onHash = () => setRoute(readMembersRoute());
    window.addEventListener('hashchange', onHash);
    return () => window.removeEventListener('hashchange', onHash);
  }, []);
  return route.kind === 'member' ? <MemberFile key={route.id} me={me} id={route.id} tab={route.tab} /> : <MemberSearch route={route} />;
}
