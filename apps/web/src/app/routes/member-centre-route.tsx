import { lazy, Suspense } from 'react';
import { BettingRecord } from '@/features/betting-records/components/betting-record';
import { PersonalProfit } from '@/features/betting-records/components/personal-profit';
import { MemberCentreRoute } from '@/features/member/routes/member-centre';
import { BonusDetailsPage } from '@/features/promotions/components/bonus-details-page';
import { ReferralPage } from '@/features/promotions/components/referral-page';
import { RewardCentrePage } from '@/features/promotions/components/reward-centre-page';
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
  depositv2: wallet('depositv2'),
  withdraw: wallet('withdraw'),
  transferFund: wallet('transferFund'),
  transferUpline: wallet('transferUpline'),
  transactionHistory: wallet('transactionHistory'),
  bonusDetails: <BonusDetailsPage />,
  rewardCenter: <RewardCentrePage />,
  referral: <ReferralPage />,
};

/** The member centre with the pages other features provide. */
export function MemberCentrePage() {
  return <MemberCentreRoute pages={PAGES} />;
}
