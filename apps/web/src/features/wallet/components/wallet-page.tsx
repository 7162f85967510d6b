import { DepositPage } from './deposit-page';
import { TransactionHistoryPage } from './transaction-history-page';
import { TransferPage } from './transfer-page';
import { WithdrawPage } from './withdraw-page';

// For the member centre, which shows the deposit page once its channels are known (app/routes/member-page-chunks.tsx).
export { useDepositChannels } from '../api/get-deposit-channels';

export const WALLET_PAGES = ['depositv2', 'withdraw', 'transferFund', 'transferUpline', 'transactionHistory'] as const;
export type WalletPageName = (typeof WALLET_PAGES)[number];

/** The member-centre pages of the wallet; loaded lazily by the member centre (the shell listens for live balance pushes). */
export default function WalletPage({ page }: { page: WalletPageName }) {
  switch (page) {
    case 'depositv2':
      return <DepositPage />;
    case 'withdraw':
      return <WithdrawPage />;
    case 'transferFund':
      return <TransferPage direction="downline" />;
    case 'transferUpline':
      return <TransferPage direction="upline" />;
    case 'transactionHistory':
      return <TransactionHistoryPage />;
  }
}
