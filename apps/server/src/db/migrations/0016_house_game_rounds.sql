-- In-house play counts like vendor rounds (docs/agent-contracts.md, "In-house games count like
-- vendor rounds"): from now on spinSlot and settleLotteryDraw write their settled rounds into
-- game_rounds in the transaction that moves the money. This backfills what was played before:
-- every slot spin as one CLOSED round, and every drawn issue as one CLOSED round per member
-- account holding tickets (stake, payout, bet count = tickets, closed when drawn). Pending and
-- cancelled tickets write nothing. Keys match the live writers, so nothing is counted twice.
-- On a fresh database (catalogue not yet seeded, no play) both statements insert nothing.
INSERT INTO game_rounds (merchant_id, member_id, vendor_id, game_id, game_type, vendor_round_id, currency, status,
  is_trial, bet_total, payout_total, bet_count, opened_at, closed_at)
SELECT s.merchant_id, s.member_id, g.vendor_id, g.id, g.category, 'slot:' || s.id, s.currency, 'CLOSED',
  s.is_trial, s.total_bet_minor, s.total_payout_minor, 1, s.played_at, s.played_at
  FROM slot_rounds s
  JOIN games g ON g.game_code = s.title_id
  JOIN vendors v ON v.id = g.vendor_id AND v.code = 'KISMAT'
ON CONFLICT (vendor_id, vendor_round_id) DO NOTHING;
--> statement-breakpoint
INSERT INTO game_rounds (merchant_id, member_id, vendor_id, game_id, game_type, vendor_round_id, currency, status,
  is_trial, bet_total, payout_total, bet_count, opened_at, closed_at)
SELECT t.merchant_id, t.member_id, g.vendor_id, g.id, g.category,
  'lottery:' || i.game_code || ':' || i.issue_no || ':' || t.member_account_id, t.currency, 'CLOSED',
  t.is_trial, sum(t.amount_minor), coalesce(sum(w.payout_minor), 0), count(*), min(t.placed_at), i.drawn_at
  FROM lottery_tickets t
  JOIN lottery_issues i ON i.id = t.issue_id AND i.status = 'DRAWN'
  LEFT JOIN lottery_ticket_wins w ON w.ticket_id = t.id
  JOIN games g ON g.game_code = i.game_code
  JOIN vendors v ON v.id = g.vendor_id AND v.code = 'KISMAT'
 GROUP BY t.merchant_id, t.member_id, t.member_account_id, t.is_trial, t.currency, g.vendor_id, g.id, g.category,
  i.game_code, i.issue_no, i.drawn_at
ON CONFLICT (vendor_id, vendor_round_id) DO NOTHING;
