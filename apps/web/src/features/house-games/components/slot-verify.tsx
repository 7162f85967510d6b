import { SLOT_TITLES } from '@kismat/game-math/slots/slot-titles';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { formatMoney } from '@/lib/format-money';
import { useSessionStore } from '@/stores/session-store';
import { useSlotRoundVerify } from '../api/get-slot-round-verify';
import { useSlotRounds } from '../api/get-slot-rounds';
import { useVerifyForm } from '../hooks/use-verify-form';
import { useHouseGameNames } from '../utils/game-names';
import type { VerifySlotRoundValue } from '../utils/house-games-types';
import { toMoneyString } from '../utils/money';
import { matchesRecordedPayout, type SlotVerifyInput, verifySlotRound } from '../utils/verify-slot-round';
import styles from './slot-panels.module.css';
import { SlotReels } from './slot-reels';
import { PayoutRecordCheck, RoundPicker, SeedFields, VerifyPanels, VerifySelect } from './verify-panels';

const FIRST_TITLE = SLOT_TITLES[0]?.id ?? '';

function fromRound(round: VerifySlotRoundValue): SlotVerifyInput {
  return {
    titleId: round.titleId,
    totalBetMinor: round.totalBetMinor,
    serverSeedHex: round.serverSeed ?? '',
    commitmentHex: round.commitment,
    clientSeed: round.clientSeed,
    nonce: String(round.nonce),
  };
}

/**
 * Recomputes a slot round in the browser from its revealed seeds; a member picks one of their
 * rounds (?round= preselects it) or types the inputs by hand.
 */
export function SlotVerify() {
  const { t } = useTranslation();
  const names = useHouseGameNames();
  const [searchParams] = useSearchParams();
  const isLogin = useSessionStore((state) => state.isLogin);
  const requested = searchParams.get('gameCode') ?? '';
  const titleId = SLOT_TITLES.some((title) => title.id === requested) ? requested : FIRST_TITLE;
  const rounds = useSlotRounds(titleId, isLogin);
  const [pickedId, setPickedId] = useState<string | null>(searchParams.get('round'));
  const record = useSlotRoundVerify(isLogin ? pickedId : null);
  const { form, outcome, bind, submit } = useVerifyForm({
    empty: { titleId, totalBetMinor: '100', serverSeedHex: '', commitmentHex: '', clientSeed: '', nonce: '0' },
    record: record.data,
    fromRecord: fromRound,
    verify: verifySlotRound,
  });
  const title = SLOT_TITLES.find((item) => item.id === form.titleId);
  const isRecordForm = record.data !== undefined && form.nonce === String(record.data.nonce) && form.clientSeed === record.data.clientSeed;
  const roundOptions = rounds.data?.list.length
    ? rounds.data.list.map((round) => ({
        id: round.roundId,
        label: t('houseGames.verify.roundOption', {
          nonce: round.nonce,
          bet: formatMoney(round.totalBet),
          payout: formatMoney(round.totalPayout),
        }),
      }))
    : undefined;

  const fields = (
    <>
      <RoundPicker rounds={roundOptions} pickedId={pickedId} onPick={setPickedId} picked={record.data} />
      <VerifySelect label={t('houseGames.verify.game')} {...bind('titleId')}>
        {SLOT_TITLES.map((item) => (
          <option key={item.id} value={item.id}>
            {names.title(item.id, item.name)}
          </option>
        ))}
      </VerifySelect>
      <VerifySelect label={t('houseGames.verify.bet')} {...bind('totalBetMinor', 'bet')}>
        {(title?.betLevelsMinor ?? []).map((level) => (
          <option key={level.toString()} value={level.toString()}>
            {formatMoney(level)}
          </option>
        ))}
      </VerifySelect>
      <SeedFields bind={bind} clientSeedLabel={t('houseGames.verify.clientSeed')} />
    </>
  );

  return (
    <VerifyPanels formLabel={t('houseGames.verify.formLabel')} resultId="verify-result" onSubmit={submit} fields={fields} outcome={outcome}>
      {({ spin }) =>
        title ? (
          <>
            <SlotReels
              title={title}
              reels={spin.base.reels}
              isSpinning={false}
              stoppedCount={5}
              lineWins={spin.base.lineWins.map((win) => ({ ...win, rows: [...win.rows], payout: toMoneyString(win.payoutMinor) }))}
            />
            <dl className={styles.facts}>
              <dt>{t('houseGames.verify.stops')}</dt>
              <dd>{spin.base.stops.join(', ')}</dd>
              <dt>{t('houseGames.verify.freeSpins')}</dt>
              <dd>{spin.freeSpins.length}</dd>
              <dt>{t('houseGames.verify.payout')}</dt>
              <dd data-testid="verified-payout">{formatMoney(spin.totalPayoutMinor)}</dd>
            </dl>
            {record.data && isRecordForm ? (
              <PayoutRecordCheck
                isMatch={matchesRecordedPayout(spin, record.data.totalPayout)}
                amount={formatMoney(record.data.totalPayout)}
              />
            ) : null}
          </>
        ) : null
      }
    </VerifyPanels>
  );
}
