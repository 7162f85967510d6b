import type { OperatorMe } from '@kismat/contracts/operator-accounts';
import { useEffect, useState } from 'react';
import { MerchantPicker, useMerchants } from '../components/merchant-picker';
import { LoyaltyMallPage } from './loyalty-mall-page';
import { LoyaltyMissionsPage } from './loyalty-missions-page';
import { LoyaltyRatesPage } from './loyalty-rates-page';
import { LoyaltyRebatesPage } from './loyalty-rebates-page';
import { LoyaltyRedemptionsPage } from './loyalty-redemptions-page';
import { LoyaltyVipPage } from './loyalty-vip-page';

const SECTIONS = [
  { id: 'redemptions', label: 'Redemptions' },
  { id: 'mall', label: 'Mall items' },
  { id: 'rates', label: 'Points rates' },
  { id: 'vip', label: 'VIP ladder' },
  { id: 'rebates', label: 'Rebates' },
  { id: 'missions', label: 'Missions' },
] as const;
type SectionId = (typeof SECTIONS)[number]['id'];

function sectionFromHash(): SectionId {
  const id = window.location.hash.replace(/^#\/?/, '').split('/')[1] ?? '';
  return SECTIONS.some((section) => section.id === id) ? (id as SectionId) : 'redemptions';
}

/** The loyalty back office of one merchant: redemption queue, mall, exchange rates, VIP ladder, rebates, missions. */
export function LoyaltyHub({ me }: { me: OperatorMe }) {
  const [section, setSection] = useState<SectionId>(sectionFromHash);
  const { merchants, code, choose, error } = useMerchants(me);
  useEffect(() => {
    const onHash = () => setSection(sectionFromHash());
    window.addEventListener('hashchange', onHash);
    return () => window.removeEventListener('hashchange', onHash);
  }, []);
  return (
    <div className="stack-page">
      <nav className="tabs sub-tabs" aria-label="Loyalty sections">
        {SECTIONS.map((item) => (
          <a key={item.id} href={`#/loyalty/${item.id}`} className="tab" aria-current={item.id === section ? 'page' : undefined}>
            {item.label}
          </a>
        ))}
      </nav>
      <div className="section-head">
        <MerchantPicker merchants={merchants} code={code} onChoose={choose} />
      </div>
      {error ? <p className="banner error">{error}</p> : null}
      {code ? (
        <>
          {section === 'redemptions' ? <LoyaltyRedemptionsPage me={me} code={code} /> : null}
          {section === 'mall' ? <LoyaltyMallPage me={me} code={code} /> : null}
          {section === 'rates' ? <LoyaltyRatesPage me={me} code={code} /> : null}
          {section === 'vip' ? <LoyaltyVipPage me={me} code={code} /> : null}
          {section === 'rebates' ? <LoyaltyRebatesPage me={me} code={code} /> : null}
          {section === 'missions' ? <LoyaltyMissionsPage me={me} code={code} /> : null}
        </>
      ) : null}
    </div>
  );
}

/** A merchant's operator path: `:code` (and `:id`) filled in. */
export function merchantPath(template: string, code: string, id?: number): string {
  const path = template.replace(':code', encodeURIComponent(code));
  return id === undefined ? path : path.replace(':id', String(id));
}
