import { randomUUID } from 'node:crypto';
import { MEMBER_TYPE } from '@kismat/contracts/constants';
import { HOUSE_GAME_PATHS } from '@kismat/contracts/house-games';
import { ORIGINALS_PATHS } from '@kismat/contracts/originals';
import { formatAmount } from '@kismat/contracts/wallet';
import { seedInputsFromHex } from '@kismat/game-math/fair/seed-inputs';
import { playDice } from '@kismat/game-math/originals/dice';
import { replayMines } from '@kismat/game-math/originals/mines';
import { dropPlinko } from '@kismat/game-math/originals/plinko';
import { describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/build-test-app';
import type { TestClient, TestMerchant } from '../../test/factories';
import { useHouseGamesPlayers } from '../../test/house-games-test-kit';
import { getMemberBalances } from '../wallet/get-member-balances';
import { verifyLedger } from '../wallet/verify-ledger';
import { mineTilesOf, minor, originalGameRounds, payoutTransfersOf } from './originals-test-kit';

describe('originals: dice and mines on the ledger', () => {
  let t: TestApp;
  let site: TestMerchant;
  let client: TestClient;

  const player = useHouseGamesPlayers((fixture) => {
    ({ t, shop: site, client } = fixture);
  });
  const roll = (token: string, body: { stake: string; direction: 'UNDER' | 'OVER'; chance: number; idempotencyKey: string }) =>
    client.call('POST', ORIGINALS_PATHS.diceRoll, { token, body });
  const startMines = (token: string, body: { stake: string; mineCount: number; idempotencyKey?: string }) =>
    client.call('POST', ORIGINALS_PATHS.minesStart, { token, body: { idempotencyKey: randomUUID(), ...body } });
  const reveal = (token: string, roundId: string, tile: number) =>
    client.call('POST', ORIGINALS_PATHS.minesReveal, { token, body: { roundId, tile } });
  const cashOut = (token: string, roundId: string) => client.call('POST', ORIGINALS_PATHS.minesCashOut, { token, body: { roundId } });
  const cash = async (memberId: number) => (await getMemberBalances(t.app.db, { merchantId: site.merchant.id, memberId })).cash;

  it('dice: debits, pays exactly what game-math computes, records game rounds, replays a retry, verifies after rotation', async () => {
    const { member, token } = await player({ funds: 100_000n });
    const bets = [
      { stake: '10.00', direction: 'UNDER', chance: 4_950 },
      { stake: '5.00', direction: 'OVER', chance: 2_500 },
      { stake: '1.00', direction: 'UNDER', chance: 9_800 },
      { stake: '2.50', direction: 'OVER', chance: 100 },
    ] as const;
    let expected = 100_000n;
    const played: { roundId: string; nonce: number; payout: bigint; bet: (typeof bets)[number] }[] = [];
    for (let index = 0; index < 12; index++) {
      const bet = bets[index % bets.length]!;
      const response = await roll(token, { ...bet, idempotencyKey: randomUUID() });
      expect(response.statusCode, response.body).toBe(200);
      const { round, balance } = response.json().value;
      expect(round.nonce).toBe(index);
      expect(round.dice).toMatchObject({ direction: bet.direction, chance: bet.chance });
      expected += -minor(bet.stake) + minor(round.payout);
      expect(balance).toBe(formatAmount(expected));
      played.push({ roundId: round.roundId, nonce: round.nonce, payout: minor(round.payout), bet });
    }
    expect(await cash(member.id)).toBe(expected);
    const recorded = await originalGameRounds(t.app.db, member.id);
    expect(recorded.map((row) => row.vendor_round_id)).toEqual(played.map((round) => `original:${round.roundId}`));
    expect(recorded.every((row) => row.game_code === 'kismat-dice' && row.game_type === 'BGS' && !row.is_trial)).toBe(true);
    expect(recorded.map((row) => BigInt(row.payout_total))).toEqual(played.map((round) => round.payout));

    // A retry with the same key replays; the same key with another bet is a conflict.
    const key = randomUUID();
    const first = (await roll(token, { stake: '1.00', direction: 'UNDER', chance: 5_000, idempotencyKey: key })).json().value;
    const againResponse = await roll(token, { stake: '1.00', direction: 'UNDER', chance: 5_000, idempotencyKey: key });
    expect(againResponse.statusCode, againResponse.body).toBe(200);
    const again = againResponse.json().value;
    expect(again).toEqual({ ...first, isReplay: true });
    expect((await roll(token, { stake: '1.00', direction: 'OVER', chance: 5_000, idempotencyKey: key })).json().code).toBe(
      'IDEMPOTENCY_CONFLICT',
    );
    expect((await roll(token, { stake: '0.50', direction: 'OVER', chance: 5_000, idempotencyKey: randomUUID() })).json().code).toBe(
      'ORIGINALS_BET_INVALID',
    );

    const hidden = (await client.call('GET', ORIGINALS_PATHS.verify.replace(':roundId', played[0]!.roundId), { token })).json().value;
    expect(hidden.serverSeed).toBeNull();
    const rotated = (await client.call('POST', HOUSE_GAME_PATHS.rotateSeed, { token, body: {} })).json().value;
    for (const round of played) {
      const inputs = (await client.call('GET', ORIGINALS_PATHS.verify.replace(':roundId', round.roundId), { token })).json().value;
      expect(inputs.serverSeed).toBe(rotated.revealed.serverSeed);
      const recomputed = playDice(
        seedInputsFromHex(inputs.serverSeed, inputs.round.clientSeed, inputs.round.nonce),
        round.bet,
        BigInt(inputs.stakeMinor),
        inputs.round.houseEdgeBp,
      );
      expect(recomputed.roll).toBe(inputs.round.dice.roll);
      expect(recomputed.payoutMinor).toBe(round.payout);
    }
    expect((await verifyLedger(t.app.db)).ok).toBe(true);
  });

  it('dice: a trial player plays with play money', async () => {
    const { member, token } = await player({ type: MEMBER_TYPE.TRIAL });
    const response = await roll(token, { stake: '1.00', direction: 'OVER', chance: 5_000, idempotencyKey: randomUUID() });
    expect(response.statusCode, response.body).toBe(200);
    const value = response.json().value;
    expect(value.round.isTrial).toBe(true);
    const balances = await getMemberBalances(t.app.db, { merchantId: site.merchant.id, memberId: member.id });
    expect(formatAmount(balances.trial)).toBe(value.balance);
    expect(balances.cash).toBe(0n);
  });

  it('plinko: every drop pays the multiplier of its slot, recorded and verifiable after rotation', async () => {
    const { member, token } = await player({ funds: 10_000n });
    let expected = 10_000n;
    const drops: { roundId: string; payout: bigint; rows: number; risk: 'LOW' | 'MEDIUM' | 'HIGH' }[] = [];
    for (const [rows, risk] of [
      [8, 'LOW'],
      [12, 'MEDIUM'],
      [16, 'HIGH'],
      [9, 'HIGH'],
    ] as const) {
      const response = await client.call('POST', ORIGINALS_PATHS.plinkoDrop, {
        token,
        body: { stake: '2.00', rows, risk, idempotencyKey: randomUUID() },
      });
      expect(response.statusCode, response.body).toBe(200);
      const { round, balance } = response.json().value;
      expect(round.plinko.path).toHaveLength(rows);
      expect(round.plinko.slot).toBe(round.plinko.path.filter((step: number) => step === 1).length);
      expected += -200n + minor(round.payout);
      expect(balance).toBe(formatAmount(expected));
      drops.push({ roundId: round.roundId, payout: minor(round.payout), rows, risk });
    }
    expect(await cash(member.id)).toBe(expected);
    expect((await originalGameRounds(t.app.db, member.id)).map((row) => row.game_code)).toEqual(Array(4).fill('kismat-plinko'));
    const rotated = (await client.call('POST', HOUSE_GAME_PATHS.rotateSeed, { token, body: {} })).json().value;
    for (const drop of drops) {
      const inputs = (await client.call('GET', ORIGINALS_PATHS.verify.replace(':roundId', drop.roundId), { token })).json().value;
      const replayed = dropPlinko(seedInputsFromHex(rotated.revealed.serverSeed, inputs.round.clientSeed, inputs.round.nonce), drop, 200n);
      expect(replayed.path).toEqual(inputs.round.plinko.path);
      expect(replayed.payoutMinor).toBe(drop.payout);
    }
  });

  it('mines: reveals, cashes out at the multiplier, hides the mines until settled, refuses a rotation while open', async () => {
    const { member, token } = await player({ funds: 10_000n });
    const started = await startMines(token, { stake: '20.00', mineCount: 3 });
    expect(started.statusCode, started.body).toBe(200);
    const round = started.json().value.round;
    expect(round.status).toBe('OPEN');
    expect(round.mines.mineTiles).toEqual([]);
    expect(started.json().value.balance).toBe('80.00');
    expect((await startMines(token, { stake: '1.00', mineCount: 3 })).json().code).toBe('MINES_ROUND_OPEN');
    expect((await cashOut(token, round.roundId)).json().code).toBe('MINES_MOVE_INVALID');
    expect((await client.call('POST', HOUSE_GAME_PATHS.rotateSeed, { token, body: {} })).json().code).toBe('MINES_ROUND_OPEN');

    const mines = await mineTilesOf(t.app.db, round.roundId);
    const safe = Array.from({ length: 25 }, (_, tile) => tile).filter((tile) => !mines.includes(tile));
    for (const tile of safe.slice(0, 3)) {
      const step = (await reveal(token, round.roundId, tile)).json().value;
      expect(step.round.status).toBe('OPEN');
    }
    // The same tile again counts once.
    const repeat = (await reveal(token, round.roundId, safe[0]!)).json().value;
    expect(repeat.isReplay).toBe(true);
    expect(repeat.round.mines.picks).toEqual(safe.slice(0, 3));
    expect(repeat.round.multiplier).toBe('1.4785');

    const paid = (await cashOut(token, round.roundId)).json().value;
    // 3 safe picks of a 3-mine board: 0.99 x C(25,3) / C(22,3) = 1.4785x; 20.00 pays 29.57.
    expect(paid.round).toMatchObject({ status: 'WON', payout: '29.57', multiplier: '1.4785' });
    expect(paid.round.mines.mineTiles).toEqual(mines);
    expect(paid.balance).toBe('109.57');
    expect(await cash(member.id)).toBe(10_957n);
    expect((await reveal(token, round.roundId, safe[5]!)).json().code).toBe('MINES_ROUND_SETTLED');
    expect(await originalGameRounds(t.app.db, member.id)).toEqual([
      {
        vendor_round_id: `original:${round.roundId}`,
        game_code: 'kismat-mines',
        game_type: 'BGS',
        bet_total: '2000',
        payout_total: '2957',
        is_trial: false,
      },
    ]);

    // A mine loses the stake; the round is then recomputable from the revealed seed.
    const second = (await startMines(token, { stake: '10.00', mineCount: 5 })).json().value.round;
    const secondMines = await mineTilesOf(t.app.db, second.roundId);
    const lost = (await reveal(token, second.roundId, secondMines[2]!)).json().value;
    expect(lost.round).toMatchObject({ status: 'LOST', payout: '0.00' });
    expect((await cashOut(token, second.roundId)).json().code).toBe('MINES_ROUND_SETTLED');
    expect(await cash(member.id)).toBe(9_957n);

    const rotated = (await client.call('POST', HOUSE_GAME_PATHS.rotateSeed, { token, body: {} })).json().value;
    for (const [roundId, picks] of [
      [round.roundId, safe.slice(0, 3)],
      [second.roundId, [secondMines[2]!]],
    ] as const) {
      const inputs = (await client.call('GET', ORIGINALS_PATHS.verify.replace(':roundId', roundId), { token })).json().value;
      const replayed = replayMines(seedInputsFromHex(rotated.revealed.serverSeed, inputs.round.clientSeed, inputs.round.nonce), {
        mineCount: inputs.round.mines.mineCount,
        picks,
        stakeMinor: BigInt(inputs.stakeMinor),
        edgeBp: inputs.round.houseEdgeBp,
      });
      expect(replayed.mines).toEqual(inputs.round.mines.mineTiles);
      expect(formatAmount(replayed.payoutMinor)).toBe(inputs.round.payout);
    }
  });

  it('mines: 20 parallel cash-outs of one round pay once', async () => {
    const { member, token } = await player({ funds: 10_000n });
    const round = (await startMines(token, { stake: '50.00', mineCount: 1 })).json().value.round;
    const mines = await mineTilesOf(t.app.db, round.roundId);
    const safe = Array.from({ length: 25 }, (_, tile) => tile).filter((tile) => !mines.includes(tile));
    for (const tile of safe.slice(0, 4)) expect((await reveal(token, round.roundId, tile)).statusCode).toBe(200);

    const answers = await Promise.all(Array.from({ length: 20 }, () => cashOut(token, round.roundId)));
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(20).fill(200));
    const values = answers.map((answer) => answer.json().value);
    expect(values.filter((value) => !value.isReplay)).toHaveLength(1);
    // 4 safe picks of a 1-mine board: 0.99 x 25/21 = 1.1785x; 50.00 pays 58.92.
    expect(new Set(values.map((value) => value.round.payout))).toEqual(new Set(['58.92']));
    expect(await payoutTransfersOf(t.app.db, round.roundId)).toBe(1);
    expect(await cash(member.id)).toBe(10_000n - 5_000n + 5_892n);
    expect((await verifyLedger(t.app.db)).ok).toBe(true);
  });

  it('mines: an open round survives an app restart and resumes, then settles once', async () => {
    const { member, token } = await player({ funds: 5_000n });
    const round = (await startMines(token, { stake: '10.00', mineCount: 2 })).json().value.round;
    const mines = await mineTilesOf(t.app.db, round.roundId);
    const safe = Array.from({ length: 25 }, (_, tile) => tile).filter((tile) => !mines.includes(tile));
    await reveal(token, round.roundId, safe[0]!);
    await reveal(token, round.roundId, safe[1]!);
    // The open round is all in the database: any server (a restarted one) answers it.
    const open = (await client.call('GET', ORIGINALS_PATHS.minesOpen, { token })).json().value.round;
    expect(open).toMatchObject({ roundId: round.roundId, status: 'OPEN', mines: { picks: safe.slice(0, 2), mineTiles: [] } });
    const paid = (await cashOut(token, round.roundId)).json().value;
    expect(paid.round.status).toBe('WON');
    expect((await client.call('GET', ORIGINALS_PATHS.minesOpen, { token })).json().value.round).toBeNull();
    expect(await cash(member.id)).toBe(5_000n - 1_000n + minor(paid.round.payout));
  });
});
