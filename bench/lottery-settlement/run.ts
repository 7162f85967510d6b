/**
 * Lottery settlement: one ELOTT draw with N tickets (default 1,000,000) on a scratch database
 * of the local Postgres, then `settleLotteryDraw` timed once (issue 6: target under 10 s).
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres \
 *     node --import tsx bench/lottery-settlement/run.ts [--tickets 1000000] [--members 100]
 *
 * Not a test. Tickets are written by one INSERT ... SELECT (what placeLotteryBet would leave:
 * pending rows with odds and accounts), because placing a million slips through the API would
 * time the bet path, not the draw. Their stakes are not debited, so the ledger is not verified.
 */
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { LOTTERY_BET_TYPES } from '@kismat/game-math/lottery/bet-types';
import { and, eq, sql } from 'drizzle-orm';
import { lotteryIssues } from '../../apps/server/src/db/schema/house-games';
import { ensureLotteryIssues } from '../../apps/server/src/modules/house-games/ensure-lottery-issues';
import { currentIssueIndex, findLotteryGame, issueSlot } from '../../apps/server/src/modules/house-games/lottery-games';
import { resolvePlayAccounts } from '../../apps/server/src/modules/house-games/resolve-play-accounts';
import { settleLotteryDraw } from '../../apps/server/src/modules/house-games/settle-lottery-draw';
import { registerModulePorts } from '../../apps/server/src/modules/index';
import { createMember } from '../../apps/server/src/test/factories';
import { requireDatabaseUrl } from '../support/bench-app';
import { withScratchDatabase } from '../support/scratch-database';

const { values } = parseArgs({ options: { tickets: { type: 'string', default: '1000000' }, members: { type: 'string', default: '100' } } });
const ticketCount = Number(values.tickets);
const memberCount = Number(values.members);
const databaseUrl = requireDatabaseUrl('lottery-settlement');
// No app here: the ports that registerModules fills (house games write their rounds through vendor-wallet).
registerModulePorts();
if (!Number.isInteger(ticketCount) || ticketCount < 1 || !Number.isInteger(memberCount) || memberCount < 1) {
  console.error('lottery-settlement bench: --tickets and --members take positive integers.');
  process.exit(2);
}

await withScratchDatabase(databaseUrl, 4, async (db, merchantId) => {
  const merchantRow = { id: merchantId };

  const game = findLotteryGame('ELOTT_5M');
  if (!game) throw new Error('no ELOTT_5M');
  const now = new Date();
  await ensureLotteryIssues(db, now);
  const slot = issueSlot(game, currentIssueIndex(game, now));
  const [issue] = await db
    .select()
    .from(lotteryIssues)
    .where(and(eq(lotteryIssues.gameCode, game.gameCode), eq(lotteryIssues.issueNo, slot.issueNo)));
  if (!issue) throw new Error('issue missing');

  const merchant = { id: merchantRow.id, currency: 'BDT', settings: {} } as Parameters<typeof resolvePlayAccounts>[1];
  const members: { memberId: number; memberAccountId: number; houseAccountId: number }[] = [];
  for (let index = 0; index < memberCount; index += 1) {
    const { member } = await createMember(db, merchantRow.id);
    const accounts = await resolvePlayAccounts(db, merchant, member);
    members.push({ memberId: member.id, memberAccountId: accounts.memberAccountId, houseAccountId: accounts.houseAccountId });
  }

  // Every ELOTT selection in turn, so the winner share is what a uniform mix of bets gives.
  const options = LOTTERY_BET_TYPES.ELOTT.flatMap((rule) =>
    rule.selections.map((selection) => ({ betType: rule.betType, selection, odds: rule.odds.standard })),
  );
  const started = performance.now();
  await db.execute(sql`
    INSERT INTO lottery_tickets (issue_id, merchant_id, member_id, slip_key, line_no, bet_type, selection, odds_table,
      odds_scaled, amount_minor, is_trial, currency, member_account_id, house_account_id, placed_at)
    SELECT ${issue.id}, ${merchantRow.id}, m.member_id, 'bench-' || i, 0, o.bet_type, o.selection, 'standard',
      o.odds, 100, false, 'BDT', m.member_account_id, m.house_account_id, ${now}
    FROM generate_series(0, ${ticketCount - 1}) AS i
    JOIN (SELECT * FROM jsonb_to_recordset(${JSON.stringify(options.map((option, index) => ({ bet_type: option.betType, selection: option.selection, odds: Number(option.odds), index })))}::jsonb)
          AS x(bet_type text, selection text, odds bigint, index int)) o ON o.index = i % ${options.length}
    JOIN (SELECT * FROM jsonb_to_recordset(${JSON.stringify(members.map((member, index) => ({ member_id: member.memberId, member_account_id: member.memberAccountId, house_account_id: member.houseAccountId, index })))}::jsonb)
          AS y(member_id int, member_account_id bigint, house_account_id bigint, index int)) m ON m.index = i % ${members.length}`);
  await db.execute(sql`ANALYZE lottery_tickets`);
  console.log(
    `tickets: ${ticketCount} on issue ${issue.issueNo} (${members.length} members), written in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );

  const settleStart = performance.now();
  const phases: string[] = [];
  const outcome = await settleLotteryDraw(
    db,
    { issueId: issue.id, now: issue.drawAt },
    { trace: (phase, milliseconds) => phases.push(`${phase} ${(milliseconds / 1000).toFixed(2)} s`) },
  );
  const seconds = (performance.now() - settleStart) / 1000;
  if (outcome.status !== 'settled') throw new Error(`not settled: ${outcome.status}`);
  console.log(
    `settlement: ${ticketCount} tickets, ${outcome.winners} winners, payout ${outcome.payoutMinor} minor, in ${seconds.toFixed(2)} s (target < 10 s)`,
  );
  console.log(`phases: ${phases.join(', ')}`);
});
