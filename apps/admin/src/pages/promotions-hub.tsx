import type { OperatorMe } from '@kismat/contracts/operator-accounts';
import { SubTabs, useHashSection } from '../components/sub-tabs';
import { PromotionsApplicationsPage } from './promotions-applications-page';
import { PromotionsAwardsPage } from './promotions-awards-page';
import { PromotionsListPage } from './promotions-list-page';
import { PromotionsReferralsPage } from './promotions-referrals-page';
import { PromotionsRequirementsPage } from './promotions-requirements-page';

const SECTIONS = [
  { id: 'list', label: 'Promotions' },
  { id: 'awards', label: 'Awards' },
  { id: 'applications', label: 'Applications' },
  { id: 'referrals', label: 'Referral flags' },
  { id: 'requirements', label: 'Turnover' },
] as const;

/** The promotions back office: promotions and their editor, awards, the review queues, turnover and waivers. */
export function PromotionsHub({ me }: { me: OperatorMe }) {
  const section = useHashSection(SECTIONS);
  return (
    <div className="stack-page">
      <SubTabs page="promotions" tabs={SECTIONS} current={section} label="Promotion sections" />
      {section === 'list' ? <PromotionsListPage me={me} /> : null}
      {section === 'awards' ? <PromotionsAwardsPage /> : null}
      {section === 'applications' ? <PromotionsApplicationsPage me={me} /> : null}
      {section === 'referrals' ? <PromotionsReferralsPage me={me} /> : null}
      {section === 'requirements' ? <PromotionsRequirementsPage me={me} /> : null}
    </div>
  );
}
