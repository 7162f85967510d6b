import { lazy } from 'react';
import { useMissionSummary } from '@/features/loyalty/api/get-mission-summary';
import { type MemberCentrePages, MemberCentreRoute } from '@/features/member/routes/member-centre';
import { loadMemberPage, type ProvidedMemberPage } from './member-page-chunks';

// Every page is its own lazily loaded chunk (member-page-chunks); the member centre shows them in a Suspense boundary.
const page = (name: ProvidedMemberPage) => {
  const Page = lazy(() => loadMemberPage(name));
  return <Page />;
};

const PAGES: MemberCentrePages = {
  personalHistoryCopy: page('personalHistoryCopy'),
  personalProfit: page('personalProfit'),
  depositv2: page('depositv2'),
  withdraw: page('withdraw'),
  transferFund: page('transferFund'),
  transferUpline: page('transferUpline'),
  transactionHistory: page('transactionHistory'),
  bonusDetails: page('bonusDetails'),
  rewardCenter: page('rewardCenter'),
  referral: page('referral'),
  missionLeaderboard: page('missionLeaderboard'),
  manualRebate: page('manualRebate'),
  messageV2: page('messageV2'),
};

/** The member centre with the pages other features provide. */
export function MemberCentrePage() {
  // The missionLeaderboard badge: missions ready to claim (the missions module's claimableCount).
  const missions = useMissionSummary();
  return <MemberCentreRoute pages={PAGES} counts={{ missions: missions.data?.claimableCount ?? 0 }} />;
}
