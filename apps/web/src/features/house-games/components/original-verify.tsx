import { isCardGame } from '@kismat/game-math/originals/card-games';
import { formatMultiplier } from '@kismat/game-math/originals/house-edge';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { formatMoney } from '@/lib/format-money';
import { useSessionStore } from '@/stores/session-store';
import { useOriginalRoundVerify, type VerifyOriginalRoundValue } from '../api/get-original-round-verify';
import { useOriginalRounds } from '../api/get-original-rounds';
import { useVerifyForm } from '../hooks/use-verify-form';
import { toMinor } from '../utils/money';
import { type OriginalVerifyInput, verifyOriginalRound } from '../utils/verify-original-round';
import styles from './slot-panels.module.css';
import { PayoutRecordCheck, RoundPicker, SeedField, SeedFields, VerifyPanels, VerifySelect } from './verify-panels';

function fromRecord(record: VerifyOriginalRoundValue): OriginalVerifyInput {
  const { round } = record;
  return {
    game: round.game,
    stakeMinor: record.stakeMinor,
    houseEdgeBp: String(round.houseEdgeBp),
    direction: round.dice?.direction ?? 'UNDER',
    chance: String(round.dice?.chance ?? 4_950),
    mineCount: String(round.mines?.mineCount ?? 3),
    picks: (round.mines?.picks ?? []).join(','),
    rows: String(round.plinko?.rows ?? 12),
    risk: round.plinko?.risk ?? 'MEDIUM',
    cardStakes: (round.cards?.bets ?? []).map((bet) => `${bet.bet}=${toMinor(bet.stake)}`).join(','),
    serverSeedHex: record.serverSeed ?? '',
    commitmentHex: round.commitment,
    clientSeed: round.clientSeed,
    nonce: String(round.nonce),
  };
}

const EMPTY: OriginalVerifyInput = {
  game: 'DICE',
  stakeMinor: '100',
  houseEdgeBp: '100',
  direction: 'UNDER',
  chance: '4950',
  mineCount: '3',
  picks: '',
  rows: '12',
  risk: 'MEDIUM',
  cardStakes: '',
  serverSeedHex: '',
  commitmentHex: '',
  clientSeed: '',
  nonce: '0',
};

/**
 * Recomputes a dice, mines or plinko round (the originals) in the browser from its revealed seed: the
 * roll, or where the mines were and what the picks paid. ?round= preselects one of the member's rounds.
 */
export function OriginalVerify() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const isLogin = useSessionStore((state) => state.isLogin);
  const rounds = useOriginalRounds(isLogin);
  const [pickedId, setPickedId] = useState<string | null>(searchParams.get('round'));
  const record = useOriginalRoundVerify(isLogin ? pickedId : null);
  const { form, outcome, bind, submit } = useVerifyForm({ empty: EMPTY, record: record.data, fromRecord, verify: verifyOriginalRound });
  const isRecordForm =
    record.data !== undefined && form.nonce === String(record.data.round.nonce) && form.clientSeed === record.data.round.clientSeed;
  const gameName = (game: string) =>
    game === 'MINES'
      ? t('originals.mines.title')
      : game === 'PLINKO'
        ? t('originals.plinko.title')
        : game === 'DRAGON_TIGER'
          ? t('originals.dragonTiger.title')
          : game === 'ANDAR_BAHAR'
            ? t('originals.andarBahar.title')
            : game === 'TEEN_PATTI'
              ? t('originals.teenPatti.title')
              : t('originals.dice.title');
  const isCards = isCardGame(form.game);
  // The picker shows once the member has rounds, though open ones cannot be verified yet.
  const roundOptions = rounds.data?.list.length
    ? rounds.data.list
        .filter((round) => round.status !== 'OPEN')
        .map((round) => ({
          id: round.roundId,
          label: t('houseGames.verify.originalOption', {
            game: gameName(round.game),
            nonce: round.nonce,
            stake: formatMoney(round.stake),
            payout: formatMoney(round.payout),
          }),
        }))
    : undefined;

  const fields = (
    <>
      <RoundPicker rounds={roundOptions} pickedId={pickedId} onPick={setPickedId} picked={record.data} />
      <VerifySelect label={t('houseGames.verify.originalGame')} {...bind('game')}>
        <option value="DICE">{t('originals.dice.title')}</option>
        <option value="MINES">{t('originals.mines.title')}</option>
        <option value="PLINKO">{t('originals.plinko.title')}</option>
        <optgroup label={t('houseGames.verify.cardGames')}>
          <option value="DRAGON_TIGER">{t('originals.dragonTiger.title')}</option>
          <option value="ANDAR_BAHAR">{t('originals.andarBahar.title')}</option>
          <option value="TEEN_PATTI">{t('originals.teenPatti.title')}</option>
        </optgroup>
      </VerifySelect>
      <SeedField label={t('houseGames.verify.stakeMinor')} {...bind('stakeMinor')} isNumeric />
      <SeedField label={t('houseGames.verify.houseEdge')} {...bind('houseEdgeBp')} isNumeric />
      {isCards ? (
        <SeedField label={t('houseGames.verify.cardStakes')} {...bind('cardStakes')} />
      ) : form.game === 'DICE' ? (
        <>
          <VerifySelect label={t('houseGames.verify.diceDirection')} {...bind('direction')}>
            <option value="UNDER">{t('originals.dice.under')}</option>
            <option value="OVER">{t('originals.dice.over')}</option>
          </VerifySelect>
          <SeedField label={t('houseGames.verify.diceChance')} {...bind('chance')} isNumeric />
        </>
      ) : form.game === 'PLINKO' ? (
        <>
          <SeedField label={t('houseGames.verify.plinkoRows')} {...bind('rows')} isNumeric />
          <VerifySelect label={t('houseGames.verify.plinkoRisk')} {...bind('risk')}>
            <option value="LOW">{t('originals.plinko.risks.LOW')}</option>
            <option value="MEDIUM">{t('originals.plinko.risks.MEDIUM')}</option>
            <option value="HIGH">{t('originals.plinko.risks.HIGH')}</option>
          </VerifySelect>
        </>
      ) : (
        <>
          <SeedField label={t('houseGames.verify.mineCount')} {...bind('mineCount')} isNumeric />
          <SeedField label={t('houseGames.verify.picks')} {...bind('picks')} />
        </>
      )}
      <SeedFields bind={bind} clientSeedLabel={t('houseGames.verify.clientSeed')} />
    </>
  );

  return (
    <VerifyPanels formLabel={t('houseGames.verify.formLabel')} resultId="verify-result" onSubmit={submit} fields={fields} outcome={outcome}>
      {(verified) => {
        const recorded = record.data && isRecordForm ? toMinor(record.data.round.payout) : null;
        return (
          <>
            <dl className={styles.facts}>
              {verified.cards !== null ? (
                <>
                  <dt>{t('houseGames.verify.cards')}</dt>
                  <dd data-testid="verified-cards">{verified.cards.join(' ')}</dd>
                </>
              ) : verified.roll !== null ? (
                <>
                  <dt>{t('houseGames.verify.roll')}</dt>
                  <dd data-testid="verified-roll">{(verified.roll / 100).toFixed(2)}</dd>
                </>
              ) : verified.slot !== null ? (
                <>
                  <dt>{t('houseGames.verify.plinkoPath')}</dt>
                  <dd data-testid="verified-path">{verified.path.map((step) => (step === 1 ? 'R' : 'L')).join('')}</dd>
                  <dt>{t('houseGames.verify.plinkoSlot')}</dt>
                  <dd data-testid="verified-slot">{verified.slot + 1}</dd>
                </>
              ) : (
                <>
                  <dt>{t('houseGames.verify.mineTiles')}</dt>
                  <dd data-testid="verified-mines">{verified.mineTiles.map((tile) => tile + 1).join(', ')}</dd>
                </>
              )}
              <dt>{t('originals.multiplier')}</dt>
              <dd>{formatMultiplier(verified.multiplier)}×</dd>
              <dt>{t('houseGames.verify.payout')}</dt>
              <dd data-testid="verified-payout">{formatMoney(verified.payoutMinor)}</dd>
            </dl>
            {recorded !== null && record.data ? (
              <PayoutRecordCheck isMatch={recorded === verified.payoutMinor} amount={formatMoney(record.data.round.payout)} />
            ) : null}
          </>
        );
      }}
    </VerifyPanels>
  );
}
