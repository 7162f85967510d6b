import { randomUUID } from 'node:crypto';
import { MEMBER_TYPE } from '@kismat/contracts/constants';
import { HOUSE_GAME_PATHS } from '@kismat/contracts/house-games';
import { ORIGINALS_PATHS } from '@kismat/contracts/originals';
import { formatAmount } from '@kismat/contracts/wallet';
import { seedInputsFromHex } from '@kismat/game-math/fair/seed-inputs';
import { playCardGame } from '@kismat/game-math/originals/card-games';
import { describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/build-test-app';
import type { TestClient, TestMerchant } from '../../test/factories';
import { useHouseGamesPlayers } from '../../test/house-games-test-kit';
import { getMemberBalances } from '../wallet/get-member-balances';
import { verifyLedger } from '../wallet/verify-ledger';
import { minor, originalGameRounds, payoutTransfersOf, replayCardRounds } from './originals-test-kit';

describe('card originals on the ledger', () => {
  let t: TestApp;
  let site: TestMerchant;
  let client: TestClient;

  const player = useHouseGamesPlayers((fixture) => {
    ({ t, shop: site, client } = fixture);
  });
  const dealDragonTiger = (token: string, stakes: Record<string, string>, idempotencyKey = randomUUID()) =>
    client.call('POST', ORIGINALS_PATHS.dragonTigerDeal, { token, body: { stakes, idempotencyKey } });
  const cash = async (memberId: number) => (await getMemberBalances(t.app.db, { merchantId: site.merchant.id, memberId })).cash;

  it('dragon tiger: debits the slip, pays each bet as game-math settles it, records PVP rounds, verifies after rotation', async () => {
    const { member, token } = await player({ funds: 200_000n });
    const slip = { DRAGON: '10.00', TIGER: '4.00', TIE: '2.00', SUITED_TIE: '1.00' };
    let expected = 200_000n;
    const played: { roundId: string; payout: bigint; winner: string }[] = [];
    for (let index = 0; index < 40; index++) {
      const response = await dealDragonTiger(token, slip);
      expect(response.statusCode, response.body).toBe(200);
      const { round, balance } = response.json().value;
      expect(round.game).toBe('DRAGON_TIGER');
      expect(round.stake).toBe('17.00');
      expect(round.nonce).toBe(index);
      const { winner, isSuitedTie } = round.cards.dragonTiger;
      // Each bet by the published rules: 1:1, half back on a tie, tie 11:1, suited tie 50:1.
      const byBet = Object.fromEntries(round.cards.bets.map((bet: { bet: string; payout: string }) => [bet.bet, minor(bet.payout)]));
      expect(byBet.DRAGON).toBe(winner === 'DRAGON' ? 2_000n : winner === 'TIE' ? 500n : 0n);
      expect(byBet.TIGER).toBe(winner === 'TIGER' ? 800n : winner === 'TIE' ? 200n : 0n);
      expect(byBet.TIE).toBe(winner === 'TIE' ? 2_400n : 0n);
      expect(byBet.SUITED_TIE).toBe(isSuitedTie ? 5_100n : 0n);
      const payout = minor(round.payout);
      expect(payout).toBe(Object.values(byBet).reduce((sum, value) => sum + value, 0n));
      expect(round.status).toBe(payout > 0n ? 'WON' : 'LOST');
      expected += -1_700n + payout;
      expect(balance).toBe(formatAmount(expected));
      expect(await payoutTransfersOf(t.app.db, round.roundId)).toBe(payout > 0n ? 1 : 0);
      played.push({ roundId: round.roundId, payout, winner });
    }
    // Dragon and Tiger both come up in 40 deals (a tie only 1 in 13.4: checked above whenever it does).
    expect(new Set(played.map((round) => round.winner))).toContain('DRAGON');
    expect(new Set(played.map((round) => round.winner))).toContain('TIGER');
    expect(await cash(member.id)).toBe(expected);
    const recorded = await originalGameRounds(t.app.db, member.id);
    expect(recorded.map((row) => row.vendor_round_id)).toEqual(played.map((round) => `original:${round.roundId}`));
    expect(recorded.every((row) => row.game_code === 'kismat-dragon-tiger' && row.game_type === 'PVP' && !row.is_trial)).toBe(true);
    expect(recorded.map((row) => BigInt(row.bet_total))).toEqual(Array(40).fill(1_700n));
    expect(recorded.map((row) => BigInt(row.payout_total))).toEqual(played.map((round) => round.payout));

    // The verify call hides the seed until rotation; then the browser's game-math replays every deal.
    const hidden = (await client.call('GET', ORIGINALS_PATHS.verify.replace(':roundId', played[0]!.roundId), { token })).json().value;
    expect(hidden.serverSeed).toBeNull();
    for (const [index, { inputs, replayed }] of (await replayCardRounds(client, token, 'DRAGON_TIGER', played)).entries()) {
      expect(replayed.deal).toEqual(inputs.round.cards.dragonTiger);
      expect(replayed.payoutMinor).toBe(played[index]!.payout);
    }
    expect((await verifyLedger(t.app.db)).ok).toBe(true);
  });

  it('dragon tiger: a retry replays, another slip under the same key conflicts, bad slips change nothing', async () => {
    const { member, token } = await player({ funds: 10_000n });
    const key = randomUUID();
    const first = await dealDragonTiger(token, { TIGER: '5.00' }, key);
    expect(first.statusCode, first.body).toBe(200);
    const retries = await Promise.all(Array.from({ length: 5 }, () => dealDragonTiger(token, { TIGER: '5.00' }, key)));
    for (const retry of retries) {
      expect(retry.statusCode, retry.body).toBe(200);
      expect(retry.json().value).toEqual({ ...first.json().value, isReplay: true });
    }
    expect((await dealDragonTiger(token, { DRAGON: '5.00' }, key)).json().code).toBe('IDEMPOTENCY_CONFLICT');
    expect((await dealDragonTiger(token, { TIGER: '5.00', TIE: '1.00' }, key)).json().code).toBe('IDEMPOTENCY_CONFLICT');
    const afterOne = await cash(member.id);
    expect(afterOne).toBe(10_000n - 500n + minor(first.json().value.round.payout));
    const refused = [
      await dealDragonTiger(token, {}),
      await dealDragonTiger(token, { DRAGON: '0.00' }),
      await dealDragonTiger(token, { DRAGON: '0.50' }),
      await dealDragonTiger(token, { DRAGON: '6000.00', TIGER: '5000.00' }),
      await dealDragonTiger(token, { DRAGON: '-1.00' }),
      await dealDragonTiger(token, { BANKER: '1.00' }),
    ];
    for (const response of refused) expect(response.statusCode, response.body).toBeGreaterThanOrEqual(400);
    expect(refused.slice(0, 4).map((response) => response.json().code)).toEqual(Array(4).fill('ORIGINALS_BET_INVALID'));
    // More than the balance: refused by the ledger, nothing written.
    expect((await dealDragonTiger(token, { DRAGON: '200.00' })).statusCode).toBeGreaterThanOrEqual(400);
    expect(await cash(member.id)).toBe(afterOne);
    expect(await originalGameRounds(t.app.db, member.id)).toHaveLength(1);
    expect((await verifyLedger(t.app.db)).ok).toBe(true);
  });

  it('dragon tiger: a trial player plays with play money; a deal beside an open mines round', async () => {
    const { member, token } = await player({ type: MEMBER_TYPE.TRIAL });
    const response = await dealDragonTiger(token, { DRAGON: '1.00', TIGER: '1.00' });
    expect(response.statusCode, response.body).toBe(200);
    const value = response.json().value;
    expect(value.round.isTrial).toBe(true);
    const balances = await getMemberBalances(t.app.db, { merchantId: site.merchant.id, memberId: member.id });
    expect(formatAmount(balances.trial)).toBe(value.balance);
    expect(balances.cash).toBe(0n);
    expect((await originalGameRounds(t.app.db, member.id))[0]).toMatchObject({ game_code: 'kismat-dragon-tiger', is_trial: true });

    const mines = await client.call('POST', ORIGINALS_PATHS.minesStart, {
      token,
      body: { stake: '1.00', mineCount: 3, idempotencyKey: randomUUID() },
    });
    expect(mines.statusCode, mines.body).toBe(200);
    // Rounds settled at once never take the member's one OPEN slot (original_rounds_one_open) that the mines round holds.
    const beside = await dealDragonTiger(token, { DRAGON: '1.00' });
    expect(beside.statusCode, beside.body).toBe(200);
    const dice = await client.call('POST', ORIGINALS_PATHS.diceRoll, {
      token,
      body: { stake: '1.00', direction: 'UNDER', chance: 5_000, idempotencyKey: randomUUID() },
    });
    expect(dice.statusCode, dice.body).toBe(200);
    const open = (await client.call('GET', ORIGINALS_PATHS.minesOpen, { token })).json().value.round;
    expect(open.roundId).toBe(mines.json().value.round.roundId);
  });

  it('andar bahar: Andar pays 0.9:1 and Bahar 1:1 on the side the joker rank lands, recorded, verifiable after rotation', async () => {
    const { member, token } = await player({ funds: 100_000n });
    let expected = 100_000n;
    const played: { roundId: string; payout: bigint }[] = [];
    for (let index = 0; index < 16; index++) {
      const response = await client.call('POST', ORIGINALS_PATHS.andarBaharDeal, {
        token,
        body: { stakes: { ANDAR: '10.00', BAHAR: '5.00' }, idempotencyKey: randomUUID() },
      });
      expect(response.statusCode, response.body).toBe(200);
      const { round, balance } = response.json().value;
      const deal = round.cards.andarBahar;
      const winning = deal.winner === 'ANDAR' ? deal.andar.at(-1) : deal.bahar.at(-1);
      expect(winning % 13).toBe(deal.joker % 13);
      expect(deal.andar.length - deal.bahar.length).toBe(deal.winner === 'ANDAR' ? 1 : 0);
      const payout = minor(round.payout);
      expect(payout).toBe(deal.winner === 'ANDAR' ? 1_900n : 1_000n);
      expected += -1_500n + payout;
      expect(balance).toBe(formatAmount(expected));
      played.push({ roundId: round.roundId, payout });
    }
    const recorded = await originalGameRounds(t.app.db, member.id);
    expect(recorded.every((row) => row.game_code === 'kismat-andar-bahar' && row.game_type === 'PVP')).toBe(true);
    expect(recorded.map((row) => BigInt(row.payout_total))).toEqual(played.map((round) => round.payout));
    const rotated = (await client.call('POST', HOUSE_GAME_PATHS.rotateSeed, { token, body: {} })).json().value;
    for (const round of played) {
      const inputs = (await client.call('GET', ORIGINALS_PATHS.verify.replace(':roundId', round.roundId), { token })).json().value;
      expect(inputs.serverSeed).toBe(rotated.revealed.serverSeed);
      const replayed = playCardGame('ANDAR_BAHAR', seedInputsFromHex(inputs.serverSeed, inputs.round.clientSeed, inputs.round.nonce), {
        ANDAR: 1_000n,
        BAHAR: 500n,
      });
      expect(replayed.deal).toEqual(inputs.round.cards.andarBahar);
      expect(replayed.payoutMinor).toBe(round.payout);
    }
    expect(await cash(member.id)).toBe(expected);
    expect((await verifyLedger(t.app.db)).ok).toBe(true);
  });
});
