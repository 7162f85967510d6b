import { openGeneratorClient } from '../support/scratch-database';

/**
 * The agent centre's data set, set-based (generate_series, INSERT ... SELECT; no row-by-row
 * loop): below `agentId` a 4-level team of `members` (50 agents, 1,000 sub-agents, the rest
 * players) with its closure rows, a MEMBER_CASH account per member whose balance and version
 * equal its entries (4 transfers each against one system account: deposit, bet, payout, bet),
 * one approved deposit request per member, one approved withdrawal request per ten members (with
 * a bank account each; requests only, no ledger hold: the reports read the requests or the
 * rollups, not the ledger), and `rounds` settled rounds over the last 30 days
 * on three game types. Triggers are off for the session (session_replication_role = replica),
 * so the ledger's per-row balance check does not run per generated entry; the data is built
 * balanced and `verifyLedger` holds on it.
 */
export interface DataSetSize {
  members: number;
  rounds: number;
}

export async function generateAgentDataSet(
  databaseUrl: string,
  input: { merchantId: number; currency: string; agentId: number; now: Date } & DataSetSize,
  log: (line: string) => void,
): Promise<void> {
  const { client, step } = await openGeneratorClient(databaseUrl, log);
  const m = input.merchantId;
  const now = input.now.toISOString();
  const players = input.members - 1050;
  try {
    await client.query(`SET session_replication_role = replica`);
    await client.query(`SET maintenance_work_mem = '256MB'`);
    await client.query(`SET work_mem = '64MB'`);
    // Members: registered over the last 400 days in id order (as registration assigns both: the
    // agents first, then their players; newest last), some logged in.
    const member = (prefix: string, type: number, count: number, upline: string, before: number) => `
      INSERT INTO members (merchant_id, username, type, upline_id, nickname, created_at, last_login_at)
      SELECT ${m}, '${prefix}' || g, ${type}, ${upline}, 'Nick ${prefix}' || g,
        $1::timestamptz - make_interval(secs => (400 * 86400.0) * (1 - (${before} + g)::float8 / ${input.members})),
        CASE WHEN g % 3 = 0 THEN $1::timestamptz - make_interval(secs => (g::bigint * 7919) % 2592000) END
      FROM generate_series(1, ${count}) AS g`;
    await step('level-1 agents', member('ba', 2, 50, String(input.agentId), 0), [now]);
    await step(
      'level-2 agents',
      member('bb', 2, 1000, `(SELECT id FROM members WHERE merchant_id = ${m} AND username = 'ba' || (1 + g % 50))`, 50),
      [now],
    );
    await client.query(`CREATE TEMP TABLE bench_l2 AS SELECT row_number() OVER (ORDER BY id) - 1 AS n, id FROM members
      WHERE merchant_id = ${m} AND username LIKE 'bb%'`);
    await client.query(`CREATE INDEX ON bench_l2 (n)`);
    await step(
      'players',
      `INSERT INTO members (merchant_id, username, type, upline_id, nickname, created_at, last_login_at)
      SELECT ${m}, 'bp' || g, 0, l2.id, 'Nick bp' || g,
        $1::timestamptz - make_interval(secs => (400 * 86400.0) * (1 - (1050 + g)::float8 / ${input.members})),
        CASE WHEN g % 3 = 0 THEN $1::timestamptz - make_interval(secs => (g::bigint * 7919) % 2592000) END
      FROM generate_series(1, ${players}) AS g JOIN bench_l2 l2 ON l2.n = g % 1000 ORDER BY g`,
      [now],
    );
    // Closure rows level by level: self, then the upline's ancestors one deeper.
    for (const prefix of ['ba', 'bb', 'bp']) {
      await step(
        `closure ${prefix}`,
        `INSERT INTO member_tree (ancestor_id, descendant_id, depth)
        SELECT x.id, x.id, 0 FROM members x WHERE x.merchant_id = ${m} AND x.username LIKE '${prefix}%'
        UNION ALL
        SELECT t.ancestor_id, x.id, t.depth + 1 FROM members x JOIN member_tree t ON t.descendant_id = x.upline_id
        WHERE x.merchant_id = ${m} AND x.username LIKE '${prefix}%'`,
      );
    }
    await client.query(
      `CREATE TEMP TABLE bench_team AS SELECT descendant_id AS id FROM member_tree WHERE ancestor_id = ${input.agentId} AND depth >= 1`,
    );
    // Ledger: a cash account per member, 4 transfers each against one system account.
    await step(
      'cash accounts',
      `INSERT INTO ledger_accounts (merchant_id, owner_kind, owner_member_id, code, subkey, currency, balance, version)
      SELECT ${m}, 'member', id, 'MEMBER_CASH', '', '${input.currency}', 100000, 4 FROM bench_team`,
    );
    await step(
      'system account',
      `INSERT INTO ledger_accounts (merchant_id, owner_kind, code, subkey, currency, allows_negative, balance, version)
      VALUES (${m}, 'system', 'ADJUSTMENT', 'bench', '${input.currency}', true, -100000::bigint * ${input.members}, 4 * ${input.members})`,
    );
    await client.query(`CREATE TEMP TABLE bench_moves (k int, type text, amount bigint, after bigint)`);
    await client.query(`INSERT INTO bench_moves VALUES (1, 'deposit', 100000, 100000), (2, 'bet', -20000, 80000),
      (3, 'payout', 30000, 110000), (4, 'bet', -10000, 100000)`);
    // Transfers in time order (ids rise with created_at, as a live ledger assigns them), and each
    // transfer's two entries adjacent (member entry, then the system account's): one INSERT in
    // transfer order. Before, all member entries came first and the 4 entries per member of the
    // system account after them, so a newest-first page over the team's entries walked millions
    // of system-account entries first (a shape no live ledger has).
    const at = `$1::timestamptz - make_interval(secs => (4 - k.k) * 6 * 86400 + (t.id % 86400) + 3600)`;
    await step(
      'transfers',
      `INSERT INTO ledger_transfers (merchant_id, type, idempotency_key, request_hash, reference_kind, reference_id, description, created_at)
      SELECT ${m}, k.type, 'bench:' || t.id || ':' || k.k, 'bench', 'bench', t.id || ':' || k.k, 'bench ' || k.type, ${at}
      FROM bench_team t CROSS JOIN bench_moves k ORDER BY ${at}, t.id, k.k`,
      [now],
    );
    await step(
      'entries (member and system, by transfer)',
      `WITH member_rows AS MATERIALIZED (
        SELECT lt.id AS transfer_id, a.id AS account_id, k.amount, k.after, k.k AS version, lt.created_at
        FROM bench_team t CROSS JOIN bench_moves k
        JOIN ledger_transfers lt ON lt.merchant_id = ${m} AND lt.idempotency_key = 'bench:' || t.id || ':' || k.k
        JOIN ledger_accounts a ON a.merchant_id = ${m} AND a.owner_member_id = t.id AND a.code = 'MEMBER_CASH' AND a.subkey = ''
      ), sys AS (SELECT id FROM ledger_accounts WHERE merchant_id = ${m} AND code = 'ADJUSTMENT' AND subkey = 'bench'),
      both_sides AS (
        SELECT transfer_id, account_id, amount, after AS balance_after, version::bigint AS version, created_at, 0 AS side FROM member_rows
        UNION ALL
        SELECT r.transfer_id, sys.id, -r.amount, -sum(r.amount) OVER w, row_number() OVER w, r.created_at, 1
        FROM member_rows r CROSS JOIN sys WINDOW w AS (ORDER BY r.transfer_id)
      )
      INSERT INTO ledger_entries (transfer_id, account_id, shard, amount, balance_after, account_version, created_at)
      SELECT transfer_id, account_id, 0, amount, balance_after, version, created_at FROM both_sides ORDER BY transfer_id, side`,
    );
    // One approved deposit per member (the credit of transfer 1).
    await step(
      'deposit channel',
      `INSERT INTO deposit_channels (merchant_id, code, kind, name, instructions, min_amount, max_amount)
      VALUES (${m}, 'BENCH', 'bank', '{"EN":"Bench"}', '{"EN":"Bench"}', 100, 100000000)`,
    );
    await step(
      'deposits',
      `INSERT INTO deposit_requests (merchant_id, member_id, channel_id, amount, status, idempotency_key, request_hash, created_at, resolved_at)
      SELECT ${m}, t.id, (SELECT id FROM deposit_channels WHERE merchant_id = ${m} AND code = 'BENCH'), 100000, 'approved',
        'bench:' || t.id, 'bench', $1::timestamptz - make_interval(secs => (t.id * 7919) % 2592000),
        $1::timestamptz - make_interval(secs => (t.id * 7919) % 2592000) + interval '5 minutes'
      FROM bench_team t`,
      [now],
    );
    // One approved withdrawal per ten members, over the last 30 days, resolved 10 minutes after
    // the request, each to its own (unconfirmed) bank account. Every tenth in md5 order, not id
    // order: a level-2 team's players are 1,000 ids apart, so `id % 10` would pick whole teams.
    await client.query(`CREATE TEMP TABLE bench_withdrawers AS
      SELECT id FROM (SELECT id, row_number() OVER (ORDER BY md5(id::text)) AS n FROM bench_team) x WHERE n % 10 = 0`);
    await step(
      'bank accounts (withdrawers)',
      `INSERT INTO bank_accounts (member_id, merchant_id, account_name, account_number, bank_name)
      SELECT w.id, ${m}, 'Bench ' || w.id, 'bench-' || w.id, 'Bench Bank' FROM bench_withdrawers w`,
    );
    await step(
      'withdrawals',
      `INSERT INTO withdrawal_requests (merchant_id, member_id, bank_account_id, amount, hold_id, status, confirmation,
        received_amount, idempotency_key, request_hash, reviewed_by, created_at, resolved_at, confirmed_at)
      SELECT ${m}, w.id, b.id, 20000 + (w.id % 7) * 5000, w.id, 'approved', 'received', 20000 + (w.id % 7) * 5000,
        'bench:' || w.id, 'bench', 'bench', $1::timestamptz - make_interval(secs => (w.id * 6151) % 2592000),
        $1::timestamptz - make_interval(secs => (w.id * 6151) % 2592000) + interval '10 minutes',
        $1::timestamptz - make_interval(secs => (w.id * 6151) % 2592000) + interval '20 minutes'
      FROM bench_withdrawers w JOIN bank_accounts b ON b.member_id = w.id AND b.merchant_id = ${m}`,
      [now],
    );
    // Rounds: settled, over the last 30 days, three game types, ~40% won.
    await client.query(`CREATE TEMP TABLE bench_games AS SELECT row_number() OVER (ORDER BY category) - 1 AS n, id, vendor_id, category
      FROM (SELECT DISTINCT ON (category) id, vendor_id, category FROM games ORDER BY category, id) g LIMIT 3`);
    await client.query(`CREATE TEMP TABLE bench_players AS SELECT row_number() OVER (ORDER BY id) - 1 AS n, id FROM bench_team`);
    await client.query(`CREATE INDEX ON bench_players (n)`);
    await step(
      'rounds',
      `INSERT INTO game_rounds (merchant_id, member_id, vendor_id, game_id, game_type, vendor_round_id, currency, status,
        bet_total, payout_total, bet_count, opened_at, closed_at, settled_at)
      SELECT ${m}, p.id, g.vendor_id, g.id, g.category, 'bench-' || i, '${input.currency}', 'CLOSED',
        100 + (i * 37) % 5000, CASE WHEN i % 5 < 2 THEN 2 * (100 + (i * 37) % 5000) ELSE 0 END, 1,
        c.closed_at - interval '30 seconds', c.closed_at, c.closed_at
      FROM generate_series(1::bigint, ${input.rounds}) AS i
      CROSS JOIN LATERAL (SELECT $1::timestamptz - make_interval(secs => (i::bigint * 7919) % 2592000) AS closed_at) c
      JOIN bench_players p ON p.n = (i * 104729) % ${input.members}
      JOIN bench_games g ON g.n = i % (SELECT count(*) FROM bench_games)`,
      [now],
    );
    // The report rollups (agent.team-rollups engine) as migrations 0032 and 0058 backfill them:
    // the generated rounds, deposits and withdrawals have no facts, so without this the overview
    // and profit-loss reads would read empty rollups on a freshly generated data set.
    await client.query(`SET work_mem = '256MB'`);
    await step(
      'rollups: member play hours',
      `INSERT INTO agent_member_play_hours (member_id, hour, game_type, valid_bet, payout, rounds, max_bet)
      SELECT r.member_id, date_trunc('hour', coalesce(r.settled_at, r.closed_at), 'UTC'), r.game_type,
        sum(r.bet_total), sum(r.payout_total), count(*), max(r.bet_total)
      FROM game_rounds r WHERE r.merchant_id = ${m} AND r.status = 'CLOSED' AND NOT r.is_trial AND r.bet_total > 0
      GROUP BY 1, 2, 3`,
    );
    await step(
      'rollups: member deposit hours',
      `INSERT INTO agent_member_play_hours (member_id, hour, game_type, deposits, deposit_count)
      SELECT d.member_id, date_trunc('hour', coalesce(d.resolved_at, d.created_at), 'UTC'), '', sum(d.amount), count(*)
      FROM deposit_requests d WHERE d.merchant_id = ${m} AND d.status = 'approved' GROUP BY 1, 2, 3`,
    );
    await step(
      'rollups: member withdrawal hours',
      `INSERT INTO agent_member_play_hours AS h (member_id, hour, game_type, withdrawals, withdrawal_count)
      SELECT w.member_id, date_trunc('hour', w.resolved_at, 'UTC'), '', sum(w.amount), count(*)
      FROM withdrawal_requests w WHERE w.merchant_id = ${m} AND w.status = 'approved' AND w.resolved_at IS NOT NULL GROUP BY 1, 2, 3
      ON CONFLICT (member_id, hour, game_type) DO UPDATE SET withdrawals = h.withdrawals + excluded.withdrawals,
        withdrawal_count = h.withdrawal_count + excluded.withdrawal_count`,
    );
    // Team rows level by level (bottom-up: each member's own hours, then every agent's team as its
    // own plus its direct downlines' teams), the same sums as the backfill's join of every member
    // to every ancestor but without its 4-fold join (45+ minutes at 1,000,000 members on 2 cores).
    await step(
      'rollups: team play hours (own)',
      `INSERT INTO agent_team_play_hours (ancestor_id, hour, game_type, valid_bet, payout, rounds, deposits, deposit_count,
        withdrawals, withdrawal_count)
      SELECT h.member_id, h.hour, h.game_type, h.valid_bet, h.payout, h.rounds, h.deposits, h.deposit_count, h.withdrawals, h.withdrawal_count
      FROM agent_member_play_hours h JOIN members x ON x.id = h.member_id AND x.merchant_id = ${m}`,
    );
    for (const level of ['bp', 'bb', 'ba']) {
      await step(
        `rollups: team play hours (uplines of ${level})`,
        `INSERT INTO agent_team_play_hours AS team (ancestor_id, hour, game_type, valid_bet, payout, rounds, deposits, deposit_count,
          withdrawals, withdrawal_count)
        SELECT x.upline_id, h.hour, h.game_type, sum(h.valid_bet), sum(h.payout), sum(h.rounds), sum(h.deposits), sum(h.deposit_count),
          sum(h.withdrawals), sum(h.withdrawal_count)
        FROM agent_team_play_hours h JOIN members x ON x.id = h.ancestor_id AND x.merchant_id = ${m} AND x.username LIKE '${level}%'
        GROUP BY 1, 2, 3
        ON CONFLICT (ancestor_id, hour, game_type) DO UPDATE SET valid_bet = team.valid_bet + excluded.valid_bet,
          payout = team.payout + excluded.payout, rounds = team.rounds + excluded.rounds,
          deposits = team.deposits + excluded.deposits, deposit_count = team.deposit_count + excluded.deposit_count,
          withdrawals = team.withdrawals + excluded.withdrawals, withdrawal_count = team.withdrawal_count + excluded.withdrawal_count`,
      );
    }
    // The active-days rows (migration 0055's backfill: each member's active local days, then per
    // team the members by previous active day).
    await step(
      'rollups: member active days',
      `INSERT INTO agent_member_active_days (member_id, day_start)
      SELECT DISTINCT p.member_id,
        date_trunc('day', p.hour + make_interval(mins => mc.utc_offset_minutes), 'UTC') - make_interval(mins => mc.utc_offset_minutes)
      FROM agent_member_play_hours p JOIN members x ON x.id = p.member_id AND x.merchant_id = ${m} JOIN merchants mc ON mc.id = x.merchant_id
      WHERE p.game_type <> '' AND p.max_bet >= 1`,
    );
    await step(
      'rollups: team active days',
      `INSERT INTO agent_team_active_days (ancestor_id, day_start, prev_day_start, members)
      SELECT t.ancestor_id, d.day_start, d.prev_day_start, count(*)::int
      FROM (SELECT member_id, day_start,
          coalesce(lag(day_start) OVER (PARTITION BY member_id ORDER BY day_start), '-infinity'::timestamptz) AS prev_day_start
        FROM agent_member_active_days) d
      JOIN member_tree t ON t.descendant_id = d.member_id AND t.depth >= 1
      GROUP BY 1, 2, 3`,
    );
    // The headcount rows (migration 0056's backfill): its triggers on member_tree are off here.
    await step(
      'rollups: team headcounts',
      `INSERT INTO agent_team_headcount_hours (ancestor_id, hour, is_direct, is_agent, members)
      SELECT t.ancestor_id, date_trunc('hour', x.created_at, 'UTC'), t.depth = 1, x.type IN (1, 2, 41, 42), count(*)::int
      FROM member_tree t JOIN members x ON x.id = t.descendant_id AND x.merchant_id = ${m}
      WHERE t.depth >= 1
      GROUP BY 1, 2, 3, 4`,
    );
    await client.query(`SET session_replication_role = DEFAULT`);
    const started = performance.now();
    await client.query('VACUUM ANALYZE');
    log(`  vacuum analyze: ${((performance.now() - started) / 1000).toFixed(1)} s`);
  } finally {
    await client.end();
  }
}
