import { openGeneratorClient } from '../support/scratch-database';

/*
 * The reports bench's month of play, set-based (generate_series; no row-by-row loop): `members`
 * players registering through the month, `rounds` settled rounds spread evenly over it on 50
 * catalogue games, and the cashier and promotion money of a busy site (deposits and paid
 * withdrawals on two channels, bonuses), each a ledger transfer with its two entries (a member
 * cash account and a system account). Triggers are off for the session
 * (session_replication_role = replica): the entries are not running-balance chains, so
 * ledger:verify does not hold on this scratch database; the reports read only amounts, types,
 * accounts and times, which are what a real ledger has.
 */

export interface MonthSize {
  members: number;
  rounds: number;
  deposits: number;
}

export async function generateMonth(
  databaseUrl: string,
  input: { merchantId: number; from: Date; days: number; clearing: { bkash: number; nagad: number }; promotion: number } & MonthSize,
  log: (line: string) => void,
): Promise<void> {
  const { client, step } = await openGeneratorClient(databaseUrl, log, (count) => count.toLocaleString('en'));
  const m = input.merchantId;
  const from = input.from.toISOString();
  const span = input.days * 86400;
  try {
    await client.query(`SET session_replication_role = replica`);
    await client.query(`SET maintenance_work_mem = '256MB'`);
    await client.query(`SET work_mem = '64MB'`);
    await step(
      'members',
      `INSERT INTO members (merchant_id, username, type, nickname, created_at)
       SELECT ${m}, 'rp' || g, 0, 'rp' || g, $1::timestamptz + make_interval(secs => ${span}.0 * g / ${input.members})
         FROM generate_series(1, ${input.members}) g`,
      [from],
    );
    await step(
      'member cash accounts',
      `INSERT INTO ledger_accounts (merchant_id, owner_kind, owner_member_id, code, currency)
       SELECT ${m}, 'member', id, 'MEMBER_CASH', 'BDT' FROM members WHERE merchant_id = ${m} AND username LIKE 'rp%'`,
    );
    const chunk = 1_000_000;
    for (let start = 0; start < input.rounds; start += chunk) {
      const end = Math.min(input.rounds, start + chunk);
      await step(
        `rounds ${start.toLocaleString('en')}-${end.toLocaleString('en')}`,
        `WITH gm AS (SELECT (row_number() OVER (ORDER BY id) - 1)::int AS k, id, vendor_id, category FROM games ORDER BY id LIMIT 50),
              n AS (SELECT count(*)::int AS c FROM gm),
              mb AS (SELECT min(id) AS first FROM members WHERE merchant_id = ${m} AND username LIKE 'rp%')
         INSERT INTO game_rounds (merchant_id, member_id, vendor_id, game_id, game_type, vendor_round_id, currency, status, is_trial,
                                  bet_total, payout_total, bet_count, opened_at, closed_at, settled_at)
         SELECT ${m}, mb.first + (g::bigint * 7919) % ${input.members}, gm.vendor_id, gm.id, gm.category, 'rb-' || g, 'BDT', 'CLOSED', false,
                x.bet, CASE WHEN g % 3 = 0 THEN x.bet * 2 WHEN g % 7 = 0 THEN x.bet / 2 ELSE 0 END, 1,
                x.at - interval '20 seconds', x.at, x.at
           FROM generate_series(${start + 1}, ${end}) g
           CROSS JOIN n CROSS JOIN mb
           CROSS JOIN LATERAL (SELECT $1::timestamptz + make_interval(secs => ${span}.0 * g / ${input.rounds}) AS at,
                                      (100 + (g::bigint * 31) % 10000)::bigint AS bet) x
           JOIN gm ON gm.k = g % n.c`,
        [from],
      );
    }
    // Money: deposits, paid withdrawals (a third as many), bonuses (a tenth), each a transfer and two entries.
    const money = async (label: string, type: string, count: number, systemSql: string, sign: 1 | -1, versionBase: number) => {
      await step(
        `${label} transfers`,
        `INSERT INTO ledger_transfers (merchant_id, type, idempotency_key, request_hash, created_at)
         SELECT ${m}, '${type}', '${type}-' || g, 'bench', $1::timestamptz + make_interval(secs => ${span}.0 * g / ${count} + 17)
           FROM generate_series(1, ${count}) g`,
        [from],
      );
      // Member side: + for money in (deposit, bonus), - for a withdrawal; the system side the opposite.
      await step(
        `${label} entries`,
        `WITH t AS (SELECT id, created_at, substring(idempotency_key from '[0-9]+$')::bigint AS g FROM ledger_transfers
                     WHERE merchant_id = ${m} AND type = '${type}'),
              acc AS (SELECT (row_number() OVER (ORDER BY id) - 1) AS k, id FROM ledger_accounts WHERE merchant_id = ${m} AND code = 'MEMBER_CASH')
         INSERT INTO ledger_entries (transfer_id, account_id, shard, amount, balance_after, account_version, created_at)
         SELECT t.id, acc.id, 0, ${sign} * (1000 + (t.g * 13) % 50000), 0, ${versionBase} + t.g, t.created_at
           FROM t JOIN acc ON acc.k = (t.g * 7919) % ${input.members}
         UNION ALL
         SELECT t.id, ${systemSql}, 1 + t.g % 4, ${-sign} * (1000 + (t.g * 13) % 50000), 0, ${versionBase} + t.g, t.created_at FROM t`,
      );
    };
    await money(
      'deposit',
      'deposit',
      input.deposits,
      `CASE WHEN t.g % 3 = 0 THEN ${input.clearing.nagad} ELSE ${input.clearing.bkash} END`,
      1,
      10_000_000,
    );
    await money(
      'withdrawal',
      'withdrawal_paid',
      Math.floor(input.deposits / 3),
      `CASE WHEN t.g % 2 = 0 THEN ${input.clearing.nagad} ELSE ${input.clearing.bkash} END`,
      -1,
      20_000_000,
    );
    await money('bonus', 'bonus', Math.floor(input.deposits / 10), String(input.promotion), 1, 30_000_000);
    await step('analyze', 'ANALYZE game_rounds, ledger_entries, ledger_transfers, ledger_accounts, members');
  } finally {
    await client.end();
  }
}
