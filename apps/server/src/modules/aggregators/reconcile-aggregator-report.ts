import type { AggregatorReconcileValue } from '@kismat/contracts/aggregators';
import { formatAmount } from '@kismat/contracts/wallet';
import type { DbOrTx } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { listVendorRounds, type VendorRoundRow } from '../vendor-wallet/index';
import { HUB88_AMOUNT_SCALE, parseHub88Report } from './hub88/parse-hub88-report';
import { findIntegration, studioVendorIds } from './integrations';

/** Our minor units are 1/100 of the currency; Hub88's 1/100000: one of ours is this many of theirs. */
const HUB88_PER_MINOR = HUB88_AMOUNT_SCALE / 100n;
const MAX_LINES = 500;

/**
 * Reconciles the aggregator's report file against our rounds (issue 21). Per round of the
 * report: its stake (bets less rolled-back bets) and payout (wins less rolled-back wins),
 * compared exactly with our round's bet and payout totals (which are net of rollbacks too).
 * MATCH, AMOUNT_DIFFERS, MISSING_HERE (the aggregator has a round we never recorded), and
 * MISSING_IN_REPORT (a real-money round of ours opened inside the report's time span that the
 * report lacks). Reads only; stores nothing. Hub88 files only for now (the protocol with a
 * published report format here).
 */
export async function reconcileAggregatorReport(
  db: DbOrTx,
  input: { merchantId: number; integrationId: number; report: string },
): Promise<AggregatorReconcileValue> {
  const integration = await findIntegration(db, input.merchantId, input.integrationId);
  if (integration.protocol !== 'hub88')
    throw new AppError('AGGREGATOR_REPORT_INVALID', { value: { line: 0, reason: `no report format for ${integration.protocol}` } });
  const transactions = parseHub88Report(input.report);

  const kinds = new Map(transactions.map((transaction) => [transaction.transactionId, transaction.kind]));
  const rounds = new Map<string, { stake: bigint; payout: bigint }>();
  let from: Date | null = null;
  let to: Date | null = null;
  for (const transaction of transactions) {
    const round = rounds.get(transaction.roundId) ?? { stake: 0n, payout: 0n };
    if (transaction.kind === 'bet') round.stake += transaction.amount;
    else if (transaction.kind === 'win') round.payout += transaction.amount;
    else if (transaction.referenceId && kinds.get(transaction.referenceId) === 'win') round.payout -= transaction.amount;
    else round.stake -= transaction.amount;
    rounds.set(transaction.roundId, round);
    if (transaction.at) {
      if (!from || transaction.at < from) from = transaction.at;
      if (!to || transaction.at > to) to = transaction.at;
    }
  }

  const vendorIds = await studioVendorIds(db, integration.id);
  const ours = new Map<string, VendorRoundRow>();
  const ids = [...rounds.keys()];
  for (let start = 0; start < ids.length; start += 1000) {
    const { list } = await listVendorRounds(db, {
      merchantId: input.merchantId,
      vendorIds,
      vendorRoundIds: ids.slice(start, start + 1000),
    });
    for (const round of list) ours.set(round.vendorRoundId, round);
  }
  const lines: AggregatorReconcileValue['lines'] = [];
  let matches = 0;
  for (const [roundId, report] of rounds) {
    const our = ours.get(roundId);
    const reportStake = hub88Amount(report.stake);
    const reportPayout = hub88Amount(report.payout);
    if (!our) {
      lines.push({ roundId, outcome: 'MISSING_HERE', username: null, reportStake, reportPayout, ourStake: null, ourPayout: null });
      continue;
    }
    const same = our.betTotal * HUB88_PER_MINOR === report.stake && our.payoutTotal * HUB88_PER_MINOR === report.payout;
    if (same) matches += 1;
    lines.push({
      roundId,
      outcome: same ? 'MATCH' : 'AMOUNT_DIFFERS',
      username: our.username,
      reportStake,
      reportPayout,
      ourStake: formatAmount(our.betTotal),
      ourPayout: formatAmount(our.payoutTotal),
    });
  }
  if (from && to) {
    const { list } = await listVendorRounds(db, { merchantId: input.merchantId, vendorIds, from, to: new Date(to.getTime() + 1) });
    for (const our of list) {
      if (our.isTrial || rounds.has(our.vendorRoundId)) continue;
      lines.push({
        roundId: our.vendorRoundId,
        outcome: 'MISSING_IN_REPORT',
        username: our.username,
        reportStake: null,
        reportPayout: null,
        ourStake: formatAmount(our.betTotal),
        ourPayout: formatAmount(our.payoutTotal),
      });
    }
  }
  const mismatches = lines.length - matches;
  lines.sort(
    (left, right) => Number(left.outcome === 'MATCH') - Number(right.outcome === 'MATCH') || left.roundId.localeCompare(right.roundId),
  );
  return {
    transactions: transactions.length,
    rounds: rounds.size,
    matches,
    mismatches,
    from: from?.toISOString() ?? null,
    to: to?.toISOString() ?? null,
    lines: lines.slice(0, MAX_LINES),
  };
}

/** Hub88 units as a decimal string: 2 places, more only when the amount has sub-cent digits. */
function hub88Amount(units: bigint): string {
  const negative = units < 0n;
  const absolute = negative ? -units : units;
  const whole = absolute / HUB88_AMOUNT_SCALE;
  const fraction = (absolute % HUB88_AMOUNT_SCALE)
    .toString()
    .padStart(5, '0')
    .replace(/0{1,3}$/, '');
  return `${negative ? '-' : ''}${whole}.${fraction.padEnd(2, '0')}`;
}
