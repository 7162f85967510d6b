-- The winner board (largest net wins of the last 30 days, catalogue/list-winners.ts) sorted every
-- win of the month on a cache miss: 2,000,000 rounds, 1.35 s idle (parallel seq scan + top-N);
-- 1,400,000 wins at 10,000,000 rounds, 2-4 s. Its rows in its own order (net win, then newest):
-- the board is the first rows of the index that fall in the window (0.2 ms). Replaces
-- game_rounds_wins (merchant, closed_at), whose only reader was this board, so a winning round
-- still writes one partial-index entry and other rounds none.
DROP INDEX IF EXISTS "game_rounds_wins";
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "game_rounds_biggest_wins" ON "game_rounds" USING btree
  ("merchant_id", ("payout_total" - "bet_total") DESC, "closed_at" DESC)
  WHERE "status" = 'CLOSED' AND "is_trial" = false AND "payout_total" > "bet_total";
