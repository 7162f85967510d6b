import { randomUUID } from 'node:crypto';
import { MEMBER_TYPE } from '@kismat/contracts/constants';
import { HOUSE_GAME_PATHS } from '@kismat/contracts/house-games';
import { ORIGINALS_PATHS } from '@kismat/contracts/originals';
import { formatAmount } from '@kismat/contracts/wallet';
import { describeDeal } from '@kismat/game-math/originals/teen-patti';
import { optimalDecision, settleTeenPatti } from '@kismat/game-math/originals/teen-patti-round';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '../../platform/sql-values';
import type { TestApp } from '../../test/build-test-app';
import type { TestClient, TestMerchant } from '../../test/factories';
import { useHouseGamesPlayers } from '../../test/house-games-test-kit';
import { getMemberBalances } from '../wallet/get-member-balances';
import { verifyLedger } from '../wallet/verify-ledger';
import { minor, originalGameRounds, payoutTransfersOf, replayCardRounds } from './originals-test-kit';
import { foldAbandonedTeenPatti } from './play-teen-patti';

describe('teen patti on the ledger (ante, play or fold, pair plus)', () => {
  let t: TestApp;
  let site: TestMerchant;
  let client: TestClient;

  const player = useHouseGamesPlayers((fixture) => {
    ({ t, shop: site, client } = fixture);
  });
  const deal = (token: string, ante: string, pairPlus?: string, idempotencyKey = randomUUID()) =>
    client.call('POST', ORIGINALS_PATHS.teenPattiDeal, { token, body: { ante, ...(pairPlus ? { pairPlus } : {}), idempotencyKey } });
  const decide = (token: string, roundId: string, decision: 'PLAY' | 'FOLD', idempotencyKey = randomUUID(), language?: string) =>
    client.call('POST', ORIGINALS_PATHS.teenPattiDecide, {
      token,
      body: { roundId, decision, idempotencyKey },
      ...(language ? { headers: { language } } : {}),
    });
  const cash = async (memberId: number) => (await getMemberBalances(t.app.db, { merchantId: site.merchant.id, memberId })).cash;
  /** The deal as the database holds it (the dealer's cards never leave it while the round is open). */
  const storedDeal = async (roundId: string) => {
    const [row] = rowsOf<{ outcome: { player: number[]; dealer: number[]; decision?: string; decidedBy?: string } }>(
      await t.app.db.execute(sql`SELECT outcome FROM original_rounds WHERE id = ${roundId}`),
    );
    if (!row) throw new Error('no round');
    return row.outcome;
  };
  const transfersOf = async (roundId: string) =>
    rowsOf<{ key: string }>(
      await t.app.db.execute(
        sql`SELECT idempotency_key AS key FROM ledger_transfers WHERE idempotency_key LIKE ${`original:${roundId}:%`} ORDER BY id`,
      ),
    ).map((row) => row.key.split(':')[2]);

  it('plays and folds by the optimal strategy: the dealer hidden until settled, every bet paid as game-math settles it, PVP rounds, verified after rotation', async () => {
    const { member, token } = await player({ funds: 500_000n });
    let expected = 500_000n;
    const played: { roundId: string; payout: bigint; decision: string; staked: bigint }[] = [];
    for (let index = 0; index < 24; index++) {
      const opened = await deal(token, '10.00', '2.00');
      expect(opened.statusCode, opened.body).toBe(200);
      const { round, balance } = opened.json().value;
      expect(round).toMatchObject({ game: 'TEEN_PATTI', status: 'OPEN', stake: '12.00', nonce: index });
      expect(round.cards.teenPatti).toMatchObject({
        dealer: [],
        dealerHand: null,
        winner: null,
        decision: null,
        ante: '10.00',
        pairPlus: '2.00',
      });
      expect(round.cards.teenPatti.player).toHaveLength(3);
      expect(round.cards.bets).toEqual([]);
      expected -= 1_200n;
      expect(balance).toBe(formatAmount(expected));
      // The reload resumes the same hand with the Play/Fold choice.
      const resumed = (await client.call('GET', ORIGINALS_PATHS.teenPattiOpen, { token })).json().value.round;
      expect(resumed).toEqual(round);

      const stored = await storedDeal(round.roundId);
      expect(stored.player).toEqual(round.cards.teenPatti.player);
      const decision = optimalDecision(stored.player);
      const response = await decide(token, round.roundId, decision);
      expect(response.statusCode, response.body).toBe(200);
      const settled = response.json().value.round;
      const game = settleTeenPatti(describeDeal(stored.player, stored.dealer), { ANTE: 1_000n, PAIR_PLUS: 200n }, decision);
      expect(minor(settled.payout)).toBe(game.payoutMinor);
      expect(settled.stake).toBe(decision === 'PLAY' ? '22.00' : '12.00');
      expect(settled.cards.teenPatti).toMatchObject({ dealer: stored.dealer, decision, decidedBy: 'PLAYER', decideBy: null });
      expect(settled.cards.bets.map((bet: { bet: string }) => bet.bet)).toEqual(
        decision === 'PLAY' ? ['ANTE', 'PLAY', 'PAIR_PLUS'] : ['ANTE', 'PAIR_PLUS'],
      );
      expected += -(decision === 'PLAY' ? 1_000n : 0n) + game.payoutMinor;
      expect(response.json().value.balance).toBe(formatAmount(expected));
      // Ante + pair plus in one transfer, the play stake in its own, the payout once.
      expect(await transfersOf(round.roundId)).toEqual([
        'bet',
        ...(decision === 'PLAY' ? ['play'] : []),
        ...(game.payoutMinor > 0n ? ['payout'] : []),
      ]);
      played.push({ roundId: round.roundId, payout: game.payoutMinor, decision, staked: decision === 'PLAY' ? 2_200n : 1_200n });
    }
    expect(new Set(played.map((round) => round.decision))).toEqual(new Set(['PLAY', 'FOLD']));
    expect(await cash(member.id)).toBe(expected);
    const recorded = await originalGameRounds(t.app.db, member.id);
    expect(recorded.map((row) => row.vendor_round_id)).toEqual(played.map((round) => `original:${round.roundId}`));
    expect(recorded.every((row) => row.game_code === 'kismat-teen-patti' && row.game_type === 'PVP' && !row.is_trial)).toBe(true);
    expect(recorded.map((row) => BigInt(row.bet_total))).toEqual(played.map((round) => round.staked));
    expect(recorded.map((row) => BigInt(row.payout_total))).toEqual(played.map((round) => round.payout));

    // Verify: the seed is revealed by rotation; the browser's game-math replays deal and payout from the settled slip.
    for (const [index, { inputs, replayed }] of (await replayCardRounds(client, token, 'TEEN_PATTI', played)).entries()) {
      expect(replayed.deal).toMatchObject({ player: inputs.round.cards.teenPatti.player, dealer: inputs.round.cards.teenPatti.dealer });
      expect(replayed.payoutMinor).toBe(played[index]!.payout);
    }
    expect((await verifyLedger(t.app.db)).ok).toBe(true);
  });

  it('pair plus pays on a folded hand; a fold without pair plus loses the ante only', async () => {
    const { member, token } = await player({ funds: 200_000n });
    let paidOnFold: bigint | null = null;
    for (let index = 0; index < 60 && paidOnFold === null; index++) {
      const round = (await deal(token, '5.00', '5.00')).json().value.round;
      const folded = (await decide(token, round.roundId, 'FOLD')).json().value.round;
      const pairPlus = folded.cards.bets.find((bet: { bet: string }) => bet.bet === 'PAIR_PLUS');
      expect(folded.cards.bets.find((bet: { bet: string }) => bet.bet === 'ANTE').payout).toBe('0.00');
      if (minor(pairPlus.payout) > 0n) {
        paidOnFold = minor(pairPlus.payout);
        expect(folded.cards.teenPatti.playerHand).not.toBe('HIGH_CARD');
        expect(folded.status).toBe('WON');
      }
    }
    // About one hand in four is a pair or better: sixty folds without one are a 1 in 50,000 event.
    expect(paidOnFold).not.toBeNull();
    const before = await cash(member.id);
    const plain = (await deal(token, '5.00')).json().value.round;
    expect(plain.cards.teenPatti.pairPlus).toBe('0.00');
    const folded = (await decide(token, plain.roundId, 'FOLD')).json().value;
    expect(folded.round).toMatchObject({ status: 'LOST', payout: '0.00', stake: '5.00' });
    expect(await cash(member.id)).toBe(before - 500n);
    expect((await verifyLedger(t.app.db)).ok).toBe(true);
  });

  it('twenty parallel Play calls pay once; a later decision is refused in the member language; retries replay', async () => {
    const { member, token } = await player({ funds: 100_000n });
    const round = (await deal(token, '20.00')).json().value.round;
    const key = randomUUID();
    const sameKey = await Promise.all(Array.from({ length: 20 }, () => decide(token, round.roundId, 'PLAY', key)));
    expect(sameKey.map((response) => response.statusCode)).toEqual(Array(20).fill(200));
    const values = sameKey.map((response) => response.json().value);
    expect(values.filter((value) => !value.isReplay)).toHaveLength(1);
    expect(new Set(values.map((value) => value.round.payout)).size).toBe(1);
    const payout = minor(values[0].round.payout);
    expect(await transfersOf(round.roundId)).toEqual(['bet', 'play', ...(payout > 0n ? ['payout'] : [])]);
    expect(await cash(member.id)).toBe(100_000n - 4_000n + payout);

    // Twenty Play taps with their own keys on another round: one settles, nineteen are refused.
    const next = (await deal(token, '20.00')).json().value.round;
    const ownKeys = await Promise.all(Array.from({ length: 20 }, () => decide(token, next.roundId, 'PLAY')));
    expect(ownKeys.filter((response) => response.statusCode === 200)).toHaveLength(1);
    const refused = ownKeys.filter((response) => response.statusCode !== 200);
    expect(refused.map((response) => [response.statusCode, response.json().code])).toEqual(
      Array(19).fill([409, 'TEEN_PATTI_ROUND_SETTLED']),
    );
    expect(await payoutTransfersOf(t.app.db, next.roundId)).toBeLessThanOrEqual(1);
    expect((await transfersOf(next.roundId)).filter((kind) => kind === 'play')).toHaveLength(1);

    // A Fold after the Play, in each language: refused with a clear message, nothing moves.
    const before = await cash(member.id);
    const messages = [];
    for (const language of ['EN', 'BN', 'SW']) {
      const late = await decide(token, round.roundId, 'FOLD', randomUUID(), language);
      expect(late.statusCode).toBe(409);
      expect(late.json().code).toBe('TEEN_PATTI_ROUND_SETTLED');
      messages.push(late.json().message);
    }
    expect(messages[0]).toBe('This Teen Patti hand is already settled: it cannot be played or folded again');
    expect(new Set(messages).size).toBe(3);
    expect((await decide(token, round.roundId, 'PLAY', randomUUID())).json().code).toBe('TEEN_PATTI_ROUND_SETTLED');
    expect(await cash(member.id)).toBe(before);
    expect(await originalGameRounds(t.app.db, member.id)).toHaveLength(2);
    expect((await verifyLedger(t.app.db)).ok).toBe(true);
  });

  it('one open hand per member: a second deal, a mines start and a seed rotation wait for the decision; bad bets move nothing', async () => {
    const { member, token } = await player({ funds: 50_000n });
    const key = randomUUID();
    const round = (await deal(token, '10.00', '1.00', key)).json().value.round;
    expect((await deal(token, '10.00', '1.00', key)).json().value).toMatchObject({ isReplay: true, round: { roundId: round.roundId } });
    expect((await deal(token, '10.00', undefined, key)).json().code).toBe('IDEMPOTENCY_CONFLICT');
    expect((await deal(token, '10.00')).json().code).toBe('TEEN_PATTI_ROUND_OPEN');
    const mines = await client.call('POST', ORIGINALS_PATHS.minesStart, {
      token,
      body: { stake: '1.00', mineCount: 3, idempotencyKey: randomUUID() },
    });
    expect(mines.json().code).toBe('TEEN_PATTI_ROUND_OPEN');
    expect((await client.call('GET', ORIGINALS_PATHS.minesOpen, { token })).json().value.round).toBeNull();
    expect((await client.call('POST', HOUSE_GAME_PATHS.rotateSeed, { token, body: {} })).json().code).toBe('TEEN_PATTI_ROUND_OPEN');
    const before = await cash(member.id);
    expect(before).toBe(50_000n - 1_100n);
    await decide(token, round.roundId, 'FOLD');
    for (const [ante, pairPlus] of [
      ['0.50', undefined],
      ['10.00', '0.50'],
      ['6000.00', undefined],
      ['4000.00', '3000.00'],
    ] as const) {
      const refused = await deal(token, ante, pairPlus);
      expect(refused.json().code, refused.body).toBe('ORIGINALS_BET_INVALID');
    }
    // Another member's round is not found.
    const other = await player({ funds: 1_000n });
    expect((await decide(other.token, round.roundId, 'PLAY')).statusCode).toBe(404);
    expect((await verifyLedger(t.app.db)).ok).toBe(true);
  });

  it('a hand left without a decision for 10 minutes is folded on the next call or by the job; pair plus still settles', async () => {
    const { member, token } = await player({ funds: 50_000n });
    const start = new Date();
    t.setNow(start);
    const first = (await deal(token, '10.00', '2.00')).json().value.round;
    expect(Date.parse(first.cards.teenPatti.decideBy) - start.getTime()).toBe(10 * 60_000);
    t.setNow(new Date(start.getTime() + 9 * 60_000));
    expect((await client.call('GET', ORIGINALS_PATHS.teenPattiOpen, { token })).json().value.round.roundId).toBe(first.roundId);
    t.setNow(new Date(start.getTime() + 10 * 60_000 + 1_000));
    // The member's next call folds it first: the open-round read finds nothing, a late Play is refused.
    expect((await client.call('GET', ORIGINALS_PATHS.teenPattiOpen, { token })).json().value.round).toBeNull();
    expect((await decide(token, first.roundId, 'PLAY')).json().code).toBe('TEEN_PATTI_ROUND_SETTLED');
    const stored = await storedDeal(first.roundId);
    expect(stored).toMatchObject({ decision: 'FOLD', decidedBy: 'TIMEOUT' });
    const pairPlus = settleTeenPatti(describeDeal(stored.player, stored.dealer), { ANTE: 1_000n, PAIR_PLUS: 200n }, 'FOLD').payoutMinor;
    expect(await cash(member.id)).toBe(50_000n - 1_200n + pairPlus);

    // The job folds rounds nobody comes back to.
    const second = (await deal(token, '10.00')).json().value.round;
    expect(await foldAbandonedTeenPatti(t.app.db, { now: new Date(start.getTime() + 15 * 60_000) })).toBe(0);
    expect(await foldAbandonedTeenPatti(t.app.db, { now: new Date(start.getTime() + 21 * 60_000) })).toBe(1);
    expect(await storedDeal(second.roundId)).toMatchObject({ decision: 'FOLD', decidedBy: 'TIMEOUT' });
    const recorded = await originalGameRounds(t.app.db, member.id);
    expect(recorded.map((row) => row.vendor_round_id)).toEqual([`original:${first.roundId}`, `original:${second.roundId}`]);
    expect((await verifyLedger(t.app.db)).ok).toBe(true);
  });

  it('a trial player plays with play money', async () => {
    const { member, token } = await player({ type: MEMBER_TYPE.TRIAL });
    const round = (await deal(token, '5.00', '1.00')).json().value.round;
    expect(round.isTrial).toBe(true);
    const settled = await decide(token, round.roundId, 'PLAY');
    expect(settled.statusCode, settled.body).toBe(200);
    const balances = await getMemberBalances(t.app.db, { merchantId: site.merchant.id, memberId: member.id });
    expect(formatAmount(balances.trial)).toBe(settled.json().value.balance);
    expect(balances.cash).toBe(0n);
    expect((await originalGameRounds(t.app.db, member.id))[0]).toMatchObject({
      game_code: 'kismat-teen-patti',
      is_trial: true,
      bet_total: '1100',
    });
  });
});
