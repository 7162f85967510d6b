import { randomUUID } from 'node:crypto';
import { MAX_AMOUNT_MINOR } from '@kismat/contracts/wallet';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aggregatorIntegrations } from '../../db/schema/aggregators';
import { games, vendors } from '../../db/schema/catalogue';
import { ledgerTransfers } from '../../db/schema/ledger';
import type { TestApp } from '../../test/build-test-app';
import { createMerchant } from '../../test/factories';
import { createFundedMember } from '../../test/vendor-test-kit';
import { getAccountBalance } from '../wallet/get-account-balance';
import {
  type AggregatorContract,
  type AggregatorWallet,
  aggregatorWalletOf,
  coreBalance,
  coreBet,
  coreBetState,
  corePromoCredit,
  coreRollback,
  coreSettle,
  minorOfScaled,
  openAggregatorSession,
  resolveAggregatorSession,
} from './index';
import { closeVerifiedVendorApp, openObservedVendorApp } from './vendor-wallet-test-kit';

/*
 * The aggregator wallet core on its own (the Hub88 adapter's suite drives it through the
 * protocol): the sub-cent rule, bet states as adapters read them, promo credits without a bet,
 * and a session that belongs to one contract of one merchant.
 */

const id = () => randomUUID();

describe('aggregator wallet core', () => {
  let t: TestApp;
  const replayed: unknown[] = [];
  let wallet: AggregatorWallet;
  let contract: AggregatorContract;
  let foreign: AggregatorContract;
  let game: { id: number; gameCode: string };

  beforeAll(async () => {
    t = await openObservedVendorApp(replayed);
    wallet = aggregatorWalletOf(t.app);
    const merchant = await t.app.merchants.byCode('KISMAT');
    const other = await createMerchant(t.app.db);
    const insert = async (merchantId: number, code: string): Promise<AggregatorContract> => {
      const [row] = await t.app.db
        .insert(aggregatorIntegrations)
        .values({
          merchantId,
          code,
          protocol: 'hub88',
          name: code,
          isEnabled: true,
          baseUrl: 'http://x.invalid',
          operatorRef: '1',
          secretEnv: 'X',
        })
        .returning();
      return { id: row!.id, merchantId, code, protocol: 'hub88', isEnabled: true };
    };
    contract = await insert(merchant!.id, 'HUB88');
    foreign = await insert(other.merchant.id, 'HUB88');
    const [first] = await t.app.db
      .select({ id: games.id, gameCode: games.gameCode })
      .from(games)
      .innerJoin(vendors, eq(vendors.id, games.vendorId))
      .where(and(eq(vendors.code, 'PT')))
      .orderBy(asc(games.id))
      .limit(1);
    game = first!;
  });
  afterAll(async () => {
    await closeVerifiedVendorApp(t, replayed);
  });

  async function player(cash: bigint) {
    const funded = await createFundedMember(t.app, cash);
    const opened = await openAggregatorSession(t.app.db, {
      contract,
      memberId: funded.member.id,
      gameId: game.id,
      currency: 'BDT',
      now: t.app.now(),
    });
    const base = { contract, token: opened.token, user: opened.user, gameCode: game.gameCode, requestId: id() };
    const cashOf = async () => (await getAccountBalance(t.app.db, funded.cashAccountId)).balance;
    return { ...funded, opened, base, cashOf };
  }

  it('sub-cent rule: only whole minor units convert; negatives and amounts above the ledger maximum do not', () => {
    expect(minorOfScaled(1_000_000n, 1000n)).toBe(1000n);
    expect(minorOfScaled(0n, 1000n)).toBe(0n);
    expect(minorOfScaled(1_000_500n, 1000n)).toBeNull();
    expect(minorOfScaled(999n, 1000n)).toBeNull();
    expect(minorOfScaled(-1000n, 1000n)).toBeNull();
    expect(minorOfScaled(MAX_AMOUNT_MINOR * 1000n, 1000n)).toBe(MAX_AMOUNT_MINOR);
    expect(minorOfScaled((MAX_AMOUNT_MINOR + 1n) * 1000n, 1000n)).toBeNull();
  });

  it('bet states as an adapter reads them: does_not_exist, open, settled, rolled_back (and a tombstone)', async () => {
    const p = await player(50_00n);
    const session = await resolveAggregatorSession(wallet, { contract, token: p.opened.token });
    if ('status' in session) throw new Error(session.status);
    const state = (transactionId: string) => coreBetState(wallet, { contract, session, transactionId });
    const round = id();
    const bet = id();
    expect(await state(bet)).toBe('does_not_exist');
    expect(await coreBet(wallet, { ...p.base, transactionId: bet, roundId: round, amount: 10_00n, currency: 'BDT' })).toMatchObject({
      status: 'OK',
      balance: 40_00n,
      currency: 'BDT',
      user: p.opened.user,
    });
    expect(await state(bet)).toBe('open');
    await coreSettle(wallet, { ...p.base, transactionId: id(), referenceTransactionId: bet, roundId: round, amount: 0n, currency: 'BDT' });
    expect(await state(bet)).toBe('settled');
    const refunded = id();
    const refundRound = id();
    await coreBet(wallet, { ...p.base, transactionId: refunded, roundId: refundRound, amount: 5_00n, currency: 'BDT' });
    expect((await coreRollback(wallet, { ...p.base, transactionId: id(), referenceTransactionId: refunded })).balance).toBe(40_00n);
    expect(await state(refunded)).toBe('rolled_back');
    const early = id();
    expect((await coreRollback(wallet, { ...p.base, transactionId: id(), referenceTransactionId: early, roundId: id() })).status).toBe(
      'OK',
    );
    expect(await state(early)).toBe('rolled_back');
    expect(await p.cashOf()).toBe(40_00n);
  });

  it('a promo credit pays without a bet, after the session expired, once, as one payout transfer', async () => {
    const p = await player(10_00n);
    t.setNow(new Date(Date.now() + 24 * 60 * 60_000));
    try {
      const promo = { ...p.base, transactionId: id(), amount: 7_50n, currency: 'BDT' };
      expect((await coreBet(wallet, { ...p.base, transactionId: id(), roundId: id(), amount: 1_00n, currency: 'BDT' })).status).toBe(
        'TOKEN_EXPIRED',
      );
      expect(await corePromoCredit(wallet, promo)).toMatchObject({ status: 'OK', balance: 17_50n });
      expect(await corePromoCredit(wallet, promo)).toMatchObject({ status: 'OK', balance: 17_50n });
      expect((await corePromoCredit(wallet, { ...promo, amount: 8_00n })).status).toBe('DUPLICATE');
      const transfers = await t.app.db
        .select({ id: ledgerTransfers.id })
        .from(ledgerTransfers)
        .where(eq(ledgerTransfers.idempotencyKey, `vendor:HUB88:${promo.transactionId}`));
      expect(transfers).toHaveLength(1);
    } finally {
      t.setNow(undefined as unknown as Date);
    }
    expect(await p.cashOf()).toBe(17_50n);
  });

  it('a session belongs to its contract: another merchant’s contract, a disabled one or another user get INVALID_TOKEN and move nothing', async () => {
    const p = await player(20_00n);
    const call = { ...p.base, transactionId: id(), roundId: id(), amount: 5_00n, currency: 'BDT' };
    expect((await coreBet(wallet, { ...call, contract: foreign })).status).toBe('INVALID_TOKEN');
    expect((await coreBalance(wallet, { contract: foreign, token: p.opened.token })).status).toBe('INVALID_TOKEN');
    expect((await coreBet(wallet, { ...call, contract: { ...contract, isEnabled: false } })).status).toBe('INVALID_TOKEN');
    expect((await coreBet(wallet, { ...call, user: String(p.member.id + 1) })).status).toBe('INVALID_TOKEN');
    expect((await coreBet(wallet, { ...call, amount: -1n })).status).toBe('INVALID_AMOUNT');
    expect((await coreBet(wallet, { ...call, currency: 'KES' })).status).toBe('WRONG_CURRENCY');
    expect(await coreBalance(wallet, { contract, token: p.opened.token })).toMatchObject({ status: 'OK', balance: 20_00n });
    expect(await p.cashOf()).toBe(20_00n);
  });

  it('free bets take no stake; the win on them is paid', async () => {
    const p = await player(5_00n);
    const round = id();
    const bet = id();
    const free = await coreBet(wallet, {
      ...p.base,
      transactionId: bet,
      roundId: round,
      amount: 50_00n,
      currency: 'BDT',
      attributes: { isFree: true, meta: { campaign: 'welcome' } },
    });
    expect(free).toMatchObject({ status: 'OK', balance: 5_00n });
    const win = await coreSettle(wallet, {
      ...p.base,
      transactionId: id(),
      referenceTransactionId: bet,
      roundId: round,
      amount: 12_00n,
      currency: 'BDT',
    });
    expect(win).toMatchObject({ status: 'OK', balance: 17_00n });
    expect(await p.cashOf()).toBe(17_00n);
  });
});
