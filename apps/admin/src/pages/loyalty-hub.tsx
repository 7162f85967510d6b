import type { OperatorMe } from '@kismat/contracts/operator-accounts';
import { MerchantPicker, useMerchants } from '../components/merchant-picker';
import { SubTabs, useHashSection } from '../components/sub-tabs';
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

/** The loyalty back office of one merchant: redemption queue, mall, exchange rates, VIP ladder, rebates, missions. */
export function LoyaltyHub({ me }: { me: OperatorMe }) {
  const section = useHashSection(SECTIONS);
  const { merchants, code, choose, error } = useMerchants(me);
  return (
    <div className="stack-page">
      <SubTabs page="loyalty" tabs={SECTIONS} current={section} label="Loyalty sections" />
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
