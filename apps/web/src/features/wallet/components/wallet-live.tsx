import { useWalletLive } from '../hooks/use-wallet-live';

/** Renders nothing: the app shell loads it lazily once a member is logged in, to listen for balance pushes. */
export default function WalletLive() {
  useWalletLive();
  return null;
}
