import { lazy, Suspense } from 'react';
import { BettingRecord } from '@/features/betting-records/components/betting-record';
import { PersonalProfit } from '@/features/betting-records/components/personal-profit';
import { InboxPage } from '@/features/inbox/components/inbox-page';
import { useMissionSummary } from '@/features/loyalty/api/get-mission-summary';
import { MissionsPanel } from '@/features/loyalty/components/missions-panel';
import { RebatePanel } from '@/features/loyalty/components/rebate-panel';
import { MemberCentreRoute } from '@/features/member/routes/member-centre';
import { BonusDetailsPage } from '@/features/promotions/components/bonus-details-page';
import { ReferralPage } from '@/features/promotions/components/referral-page';
import { RewardCentrePage } from '@/features/promotions/components/reward-centre-page';
import { DepositLimitPrompt } from '@/features/responsible-gambling/components/deposit-limit-prompt';
import type { WalletPageName } from '@/features/wallet/components/wallet-page';

// The wallet pages are one lazily loaded chunk.
const WalletPage = lazy(() => import('@/features/wallet/components/wallet-page'));
const wallet = (page: WalletPageName) => (
  <Suspense fallback={null}>
    <WalletPage page={page} />
  </Suspense>
);

const PAGES = {
  personalHistoryCopy: <BettingRecord />,
  personalProfit: <PersonalProfit />,
  // The first-deposit limit prompt, the limits review or a link to safer gambling, above the form (issue 17).
  depositv2: (
    <>
      <DepositLimitPrompt />
      {wallet('depositv2')}
    </>
  ),
  withdraw: wallet('withdraw'),
  transferFund: wallet('transferFund'),
  transferUpline: wallet('transferUpline'),
  transactionHistory: wallet('transactionHistory'),
  bonusDetails: <BonusDetailsPage />,
  rewardCenter: <RewardCentrePage />,
  referral: <ReferralPage />,
  missionLeaderboard: <MissionsPanel />,
  manualRebate: <RebatePanel />,
  messageV2: <InboxPage />,
};

/** The member centre with the pages other features provide. */
export function MemberCentrePage() {
  // The missionLeaderboard badge: missions ready to claim (the missions module's claimableCount).
  const missions = useMissionSummary();
  return <MemberCentreRoute pages={PAGES} counts={{ missions: missions.data?.claimableCount ?? 0 }} />;
}
