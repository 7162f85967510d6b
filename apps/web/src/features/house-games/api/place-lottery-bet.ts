import type { HOUSE_GAME_PATHS } from '@kismat/contracts/house-games';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { PlaceLotteryBetValue, SlipTicket } from '../utils/house-games-types';
import { houseGamesKeys, MEMBER_INFO_KEY, WALLET_BALANCE_KEY } from './house-games-keys';

const PLACE_BET_PATH = '/lotto/lgw/bets' satisfies (typeof HOUSE_GAME_PATHS)['placeLotteryBet'];

interface PlaceLotteryBetInput {
  issueId: string;
  idempotencyKey: string;
  tickets: SlipTicket[];
}

/** Buys the slip's tickets on the open issue in one transaction (T); refused after the cutoff. */
export function placeLotteryBet(input: PlaceLotteryBetInput): Promise<PlaceLotteryBetValue> {
  return api.post<PlaceLotteryBetValue>(PLACE_BET_PATH, { ...input, oddsTable: 'standard' });
}

export function usePlaceLotteryBet(gameCode: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: placeLotteryBet,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: houseGamesKeys.lotteryTickets(gameCode) }),
        queryClient.invalidateQueries({ queryKey: MEMBER_INFO_KEY }),
        queryClient.invalidateQueries({ queryKey: WALLET_BALANCE_KEY }),
      ]),
  });
}
