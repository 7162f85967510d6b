import { type ComponentType, useDeferredValue } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '@/components/ui/spinner';
import type { MemberPage } from '@/config/paths';
import type { WalletPageName } from '@/features/wallet/components/wallet-page';
import { loadChunk } from '@/lib/load-chunk';
import styles from './member-page-chunks.module.css';

/** A member-centre page other features provide (every page but the security centre). */
export type ProvidedMemberPage = Exclude<MemberPage, 'securityCenter'>;

type PageModule = { default: ComponentType };

const walletPage = (page: WalletPageName) => () =>
  import('@/features/wallet/components/wallet-page').then(({ default: WalletPage }) => ({
    default: () => <WalletPage page={page} />,
  }));

/**
 * Each page's code, its own chunk: opening the wallet no longer loads and evaluates the betting
 * records, inbox, missions, promotions and referral pages (and their modulepreload links). The
 * wallet pages stay one chunk.
 */
const IMPORTERS: Record<ProvidedMemberPage, () => Promise<PageModule>> = {
  personalHistoryCopy: () =>
    import('@/features/betting-records/components/betting-record').then((module) => ({ default: module.BettingRecord })),
  personalProfit: () =>
    import('@/features/betting-records/components/personal-profit').then((module) => ({ default: module.PersonalProfit })),
  // The first-deposit limit prompt, the limits review or a link to safer gambling, above the form (issue 17).
  // One loading state until both the member's limits and the channels are known: the prompt
  // (~290 px) used to appear above the form's spinner when it answered first and push it down
  // (a layout shift of 0.15 on a phone, each visit); it keeps the member centre's 70vh, so the
  // footer stays off screen. Same page once both are there.
  depositv2: () =>
    Promise.all([
      import('@/features/responsible-gambling/components/deposit-limit-prompt'),
      import('@/features/wallet/components/wallet-page'),
    ]).then(([prompt, wallet]) => ({
      default: function DepositWithLimitPrompt() {
        const { t } = useTranslation();
        const isOverviewPending = prompt.useRgOverview().isPending;
        const isChannelsPending = wallet.useDepositChannels().isPending;
        // The answers' arrival re-renders this synchronously (a store update); the prompt and the
        // form (hundreds of elements, two react-hook-form forms) then render as a deferred update,
        // in slices that yield, not as one long task (issue 16 item 6). The spinner stays meanwhile.
        const isShown = useDeferredValue(!isOverviewPending && !isChannelsPending);
        if (!isShown) {
          return (
            <div className={styles.loading}>
              <Spinner isCentered label={t('wallet.loading')} />
            </div>
          );
        }
        return (
          <>
            <prompt.DepositLimitPrompt />
            <wallet.default page="depositv2" />
          </>
        );
      },
    })),
  withdraw: walletPage('withdraw'),
  transferFund: walletPage('transferFund'),
  transferUpline: walletPage('transferUpline'),
  transactionHistory: walletPage('transactionHistory'),
  bonusDetails: () =>
    import('@/features/promotions/components/bonus-details-page').then((module) => ({ default: module.BonusDetailsPage })),
  rewardCenter: () =>
    import('@/features/promotions/components/reward-centre-page').then((module) => ({ default: module.RewardCentrePage })),
  referral: () => import('@/features/promotions/components/referral-page').then((module) => ({ default: module.ReferralPage })),
  missionLeaderboard: () => import('@/features/loyalty/components/missions-panel').then((module) => ({ default: module.MissionsPanel })),
  manualRebate: () => import('@/features/loyalty/components/rebate-panel').then((module) => ({ default: module.RebatePanel })),
  messageV2: () => import('@/features/inbox/components/inbox-page').then((module) => ({ default: module.InboxPage })),
};

const loading = new Map<ProvidedMemberPage, Promise<PageModule>>();

/**
 * Loads a page's chunk once (the spec's 120 s timeout, a ChunkLoadError on failure, as the
 * screens); a failed load is forgotten so a retry asks again.
 */
export function loadMemberPage(page: ProvidedMemberPage): Promise<PageModule> {
  let pending = loading.get(page);
  if (!pending) {
    pending = loadChunk('MemberCenter', IMPORTERS[page]);
    pending.catch(() => loading.delete(page));
    loading.set(page, pending);
  }
  return pending;
}

/** Starts loading the page named in the address (?page=) beside the member centre's own chunk, not after it. */
export function preloadMemberPage(page: string | null): void {
  if (page !== null && Object.hasOwn(IMPORTERS, page)) void loadMemberPage(page as ProvidedMemberPage).catch(() => undefined);
  // Any other value opens the security centre (the member feature loads it the same way).
  else void import('@/features/member/components/security-centre').catch(() => undefined);
}
