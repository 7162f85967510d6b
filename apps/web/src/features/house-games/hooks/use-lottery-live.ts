import { useQueryClient } from '@tanstack/react-query';
import { useMemberSocket } from '@/lib/use-member-socket';
import { houseGamesKeys, MEMBER_INFO_KEY, WALLET_BALANCE_KEY } from '../api/house-games-keys';
import type { LotteryIssue } from '../utils/house-games-types';

/** What the server pushes to each ticket holder once a draw has been settled and committed. */
export interface LotteryResultMessage {
  type: 'lottery-result';
  gameCode: string;
  issueId: string;
  result: NonNullable<LotteryIssue['result']>;
}

/** Guards what comes off the socket: other features' messages share the same /ws. */
export function isLotteryResultMessage(value: unknown): value is LotteryResultMessage {
  if (typeof value !== 'object' || value === null) return false;
  const message = value as Record<string, unknown>;
  return (
    message.type === 'lottery-result' &&
    typeof message.gameCode === 'string' &&
    typeof message.issueId === 'string' &&
    typeof message.result === 'object' &&
    message.result !== null
  );
}

/**
 * While a lottery page is open, listens on /ws for drawn results of the member's tickets: the
 * game's issues, results and tickets are refetched (they are settled by then) and so is the
 * balance the header shows. The token goes in the first message, never in the URL.
 */
export function useLotteryLive(onResult: (message: LotteryResultMessage) => void): void {
  const queryClient = useQueryClient();
  useMemberSocket((message) => {
    if (!isLotteryResultMessage(message)) return;
    const { gameCode } = message;
    void Promise.all([
      queryClient.invalidateQueries({ queryKey: houseGamesKeys.lotteryTickets(gameCode) }),
      queryClient.invalidateQueries({ queryKey: houseGamesKeys.recentResults(gameCode) }),
      queryClient.invalidateQueries({ queryKey: houseGamesKeys.openedIssues(gameCode) }),
      queryClient.invalidateQueries({ queryKey: MEMBER_INFO_KEY }),
      queryClient.invalidateQueries({ queryKey: WALLET_BALANCE_KEY }),
    ]);
    onResult(message);
  });
}
