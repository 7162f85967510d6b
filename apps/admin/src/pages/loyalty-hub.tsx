import type { OperatorMe } from '@kismat/contracts/operator-accounts';
import { MerchantHub, type MerchantSection } from '../components/merchant-hub';
import { LoyaltyMallPage } from './loyalty-mall-page';
import { LoyaltyMissionsPage } from './loyalty-missions-page';
import { LoyaltyRatesPage } from './loyalty-rates-page';
import { LoyaltyRebatesPage } from './loyalty-rebates-page';
import { LoyaltyRedemptionsPage } from './loyalty-redemptions-page';
import { LoyaltyVipPage } from './loyalty-vip-page';

const SECTIONS: readonly MerchantSection<string>[] = [
  { id: 'redemptions', label: 'Redemptions', show: (code, me) => <LoyaltyRedemptionsPage me={me} code={code} /> },
  { id: 'mall', label: 'Mall items', show: (code, me) => <LoyaltyMallPage me={me} code={code} /> },
  { id: 'rates', label: 'Points rates', show: (code, me) => <LoyaltyRatesPage me={me} code={code} /> },
  { id: 'vip', label: 'VIP ladder', show: (code, me) => <LoyaltyVipPage me={me} code={code} /> },
  { id: 'rebates', label: 'Rebates', show: (code, me) => <LoyaltyRebatesPage me={me} code={code} /> },
  { id: 'missions', label: 'Missions', show: (code, me) => <LoyaltyMissionsPage me={me} code={code} /> },
];

/** The loyalty back office of one merchant: redemption queue, mall, exchange rates, VIP ladder, rebates, missions. */
export function LoyaltyHub({ me }: { me: OperatorMe }) {
  return <MerchantHub me={me} page="loyalty" label="Loyalty sections" sections={SECTIONS} />;
}

/** A merchant's operator path: `:code` (and `:id`) filled in. */
export function merchantPath(template: string, code: string, id?: number): string {
  const path = template.replace(':code', encodeURIComponent(code));
  return id === undefined ? path : path.replace(':id', String(id));
}
