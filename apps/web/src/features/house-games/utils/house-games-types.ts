import type {
  FairnessState,
  LotteryGame,
  LotteryIssue,
  LotteryTicket,
  lotteryGamesResponse,
  myTicketsResponse,
  openedIssuesResponse,
  placeLotteryBetResponse,
  RevealedSeed,
  recentResultsResponse,
  SlotRound,
  SlotSpinRound,
  slotRoundsResponse,
  slotTitlesResponse,
  spinResponse,
  verifyIssueResponse,
  verifySlotRoundResponse,
} from '@kismat/contracts/house-games';
import type { z } from 'zod';

/** The `value` of an envelope schema: what api-client returns. */
type ValueOf<Schema extends z.ZodType> = z.infer<Schema> extends { value: infer Value } ? Value : never;

export type { FairnessState, LotteryGame, LotteryIssue, LotteryTicket, RevealedSeed, SlotRound, SlotSpinRound };
export type SlotTitlesValue = ValueOf<typeof slotTitlesResponse>;
export type SlotTitleInfo = SlotTitlesValue['titles'][number];
export type SpinValue = ValueOf<typeof spinResponse>;
export type SlotRoundsValue = ValueOf<typeof slotRoundsResponse>;
export type SlotRoundSummary = SlotRoundsValue['list'][number];
export type VerifySlotRoundValue = ValueOf<typeof verifySlotRoundResponse>;
export type LotteryGamesValue = ValueOf<typeof lotteryGamesResponse>;
export type OpenedIssuesValue = ValueOf<typeof openedIssuesResponse>;
export type RecentResultsValue = ValueOf<typeof recentResultsResponse>;
export type IssueVerifyValue = ValueOf<typeof verifyIssueResponse>;
export type MyTicketsValue = ValueOf<typeof myTicketsResponse>;
export type PlaceLotteryBetValue = ValueOf<typeof placeLotteryBetResponse>;
export type LotteryBetTypeInfo = LotteryGame['betTypes']['standard'][number];
export type LotteryKind = LotteryGame['kind'];
export type WireLineWin = SlotSpinRound['lineWins'][number];
export interface RotateSeedValue {
  revealed: RevealedSeed;
  current: FairnessState;
}
export interface SlipTicket {
  betType: string;
  selection: string;
  /** Major units with two decimals ("10.00"), as the API takes money. */
  amount: string;
}
