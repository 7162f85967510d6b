import { randomInt, randomUUID } from 'node:crypto';
import { VENDOR_API_PATHS, type VendorStatus } from '@kismat/contracts/vendor-wallet';
import { formatAmount, parseAmount } from '@kismat/contracts/wallet';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../platform/errors';
import { callVendorApi } from './call-vendor-api';

export interface DemoRoundInput {
  vendorCode: string;
  sessionId: string;
  user: string;
  gameCode: string;
  currency: string;
  amount: string;
  /** Win when the roll (1..100) is below this. */
  target: number;
}

/** Pays 99% of the fair odds: a roll below target wins stake * 99 / (target - 1), rounded down to the poisha. */
export function demoPayout(stake: bigint, target: number): bigint {
  return (stake * 99n) / BigInt(target - 1);
}

/**
 * One DEMO dice round as a vendor plays it: bet, a roll from the server's CSPRNG, then a win
 * call (0.00 for a loss) that closes the round. A failed win call is retried once with the same
 * transaction id, as the integration guide asks of vendors.
 */
export async function playDemoRound(app: FastifyInstance, input: DemoRoundInput) {
  const vendor = await app.vendorDirectory.find(input.vendorCode);
  if (!vendor?.isDemo) throw new AppError('GAME_UNAVAILABLE');
  const stake = parseAmount(input.amount);
  const roundId = `demo-${randomUUID()}`;
  const common = { sessionId: input.sessionId, user: input.user, gameCode: input.gameCode, roundId };
  const call = (path: string, body: Record<string, unknown>) =>
    callVendorApi(app, { vendorCode: vendor.code, secret: vendor.apiSecret, path, body: { ...common, ...body } });

  const bet = await call(VENDOR_API_PATHS.bet, {
    transactionUuid: `${roundId}-bet`,
    amount: formatAmount(stake),
    currency: input.currency,
  });
  const failed = (status: VendorStatus, balance: string | undefined) => ({
    roundId,
    roll: 0,
    target: input.target,
    isWin: false,
    stake: formatAmount(stake),
    payout: '0.00',
    balance: balance ?? '0.00',
    status,
  });
  if (bet.status !== 'RS_OK') return failed(bet.status, bet.balance);

  const roll = randomInt(1, 101);
  const isWin = roll < input.target;
  const payout = isWin ? demoPayout(stake, input.target) : 0n;
  const winBody = {
    transactionUuid: `${roundId}-win`,
    referenceTransactionUuid: `${roundId}-bet`,
    amount: formatAmount(payout),
    currency: input.currency,
    isRoundClosed: true,
  };
  let win = await call(VENDOR_API_PATHS.win, winBody);
  if (win.status === 'RS_ERROR_UNKNOWN') win = await call(VENDOR_API_PATHS.win, winBody);
  return {
    roundId,
    roll,
    target: input.target,
    isWin,
    stake: formatAmount(stake),
    payout: formatAmount(payout),
    balance: win.balance ?? bet.balance ?? '0.00',
    status: win.status,
  };
}
