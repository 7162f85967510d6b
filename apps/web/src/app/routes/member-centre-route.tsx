import { BettingRecord } from '@/features/betting-records/components/betting-record';
import { PersonalProfit } from '@/features/betting-records/components/personal-profit';
import { MemberCentreRoute } from '@/features/member/routes/member-centre';

const PAGES = {
  personalHistoryCopy: <BettingRecord />,
  personalProfit: <PersonalProfit />,
};

/** The member centre with the pages other features provide. */
export function MemberCentrePage() {
  return <MemberCentreRoute pages={PAGES} />;
}
