import { SLOT_TITLES } from '@kismat/game-math/slots/slot-titles';
import { type ChangeEvent, type FormEvent, type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { PageFrame } from '@/components/ui/page-frame';
import { useSessionStore } from '@/stores/session-store';
import { useSlotRoundVerify } from '../api/get-slot-round-verify';
import { useSlotRounds } from '../api/get-slot-rounds';
import lotteryStyles from '../components/lottery.module.css';
import { LotteryVerify } from '../components/lottery-verify';
import styles from '../components/slot-panels.module.css';
import { SlotReels } from '../components/slot-reels';
import { formatMoney, toMoneyString } from '../utils/money';
import { matchesRecordedPayout, type SlotVerifyInput, type SlotVerifyOutcome, verifySlotRound } from '../utils/verify-slot-round';

const FIRST_TITLE = SLOT_TITLES[0]?.id ?? '';
const EMPTY: SlotVerifyInput = {
  titleId: FIRST_TITLE,
  totalBetMinor: '100',
  serverSeedHex: '',
  commitmentHex: '',
  clientSeed: '',
  nonce: '0',
};

/**
 * /bgs/verify: recomputes a slot round (or, with ?mode=lottery / ?issue=<id>, a lottery draw) in
 * the browser from its revealed seeds, with packages/game-math.
 */
export function VerifyRoundRoute() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const issueId = searchParams.get('issue');
  const isLottery = issueId !== null || searchParams.get('mode') === 'lottery';
  const modes = (
    <nav aria-label={t('houseGames.verify.modes.label')}>
      <ul className={lotteryStyles.gameChips}>
        <li>
          <Link className={lotteryStyles.positionChip} to="?mode=slot" aria-current={isLottery ? undefined : 'page'}>
            {t('houseGames.verify.modes.slot')}
          </Link>
        </li>
        <li>
          <Link className={lotteryStyles.positionChip} to="?mode=lottery" aria-current={isLottery ? 'page' : undefined}>
            {t('houseGames.verify.modes.lottery')}
          </Link>
        </li>
      </ul>
    </nav>
  );
  if (isLottery)
    return (
      <PageFrame title={t('houseGames.verify.title')} subtitle={t('houseGames.verify.lotterySubtitle')} icon="shield">
        {modes}
        <LotteryVerify key={issueId ?? 'manual'} issueId={issueId} />
      </PageFrame>
    );
  return <SlotVerify modes={modes} />;
}

function SlotVerify({ modes }: { modes: ReactNode }) {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const isLogin = useSessionStore((state) => state.isLogin);
  const requested = searchParams.get('gameCode') ?? '';
  const titleId = SLOT_TITLES.some((title) => title.id === requested) ? requested : FIRST_TITLE;
  const rounds = useSlotRounds(titleId, isLogin);
  const [pickedId, setPickedId] = useState<string | null>(searchParams.get('round'));
  const record = useSlotRoundVerify(isLogin ? pickedId : null);
  const [form, setForm] = useState<SlotVerifyInput>({ ...EMPTY, titleId });
  const [outcome, setOutcome] = useState<SlotVerifyOutcome | null>(null);

  useEffect(() => {
    const data = record.data;
    if (!data) return;
    setForm({
      titleId: data.titleId,
      totalBetMinor: data.totalBetMinor,
      serverSeedHex: data.serverSeed ?? '',
      commitmentHex: data.commitment,
      clientSeed: data.clientSeed,
      nonce: String(data.nonce),
    });
    setOutcome(null);
  }, [record.data]);

  const update = (field: keyof SlotVerifyInput) => (event: ChangeEvent<HTMLInputElement | HTMLSelectElement>) =>
    setForm((current) => ({ ...current, [field]: event.target.value }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setOutcome(verifySlotRound(form));
  };
  const title = SLOT_TITLES.find((item) => item.id === form.titleId);
  const isRecordForm = record.data !== undefined && form.nonce === String(record.data.nonce) && form.clientSeed === record.data.clientSeed;

  return (
    <PageFrame title={t('houseGames.verify.title')} subtitle={t('houseGames.verify.subtitle')} icon="shield">
      {modes}
      <div className={styles.slotLayout}>
        <form className={styles.panel} onSubmit={submit} aria-label={t('houseGames.verify.formLabel')}>
          {rounds.data && rounds.data.list.length > 0 ? (
            <label className={styles.seedForm}>
              <span className={styles.statLabel}>{t('houseGames.verify.pickRound')}</span>
              <select
                className={styles.input}
                name="round"
                value={pickedId ?? ''}
                onChange={(event) => setPickedId(event.target.value || null)}
              >
                <option value="">{t('houseGames.verify.manual')}</option>
                {rounds.data.list.map((round) => (
                  <option key={round.roundId} value={round.roundId}>
                    {t('houseGames.verify.roundOption', {
                      nonce: round.nonce,
                      bet: formatMoney(round.totalBet),
                      payout: formatMoney(round.totalPayout),
                    })}
                  </option>
                ))}
              </select>
            </label>
          ) : null}
          {record.data && !record.data.isRevealed ? <p className={styles.muted}>{t('houseGames.verify.notRevealed')}</p> : null}
          <label className={styles.seedForm}>
            <span className={styles.statLabel}>{t('houseGames.verify.game')}</span>
            <select className={styles.input} name="titleId" value={form.titleId} onChange={update('titleId')}>
              {SLOT_TITLES.map((item) => (
                <option key={item.id} value={item.id}>
                  {item.name}
                </option>
              ))}
            </select>
          </label>
          <label className={styles.seedForm}>
            <span className={styles.statLabel}>{t('houseGames.verify.bet')}</span>
            <select className={styles.input} name="bet" value={form.totalBetMinor} onChange={update('totalBetMinor')}>
              {(title?.betLevelsMinor ?? []).map((level) => (
                <option key={level.toString()} value={level.toString()}>
                  {formatMoney(level)}
                </option>
              ))}
            </select>
          </label>
          <label className={styles.seedForm}>
            <span className={styles.statLabel}>{t('houseGames.verify.serverSeed')}</span>
            <input
              className={styles.input}
              name="serverSeed"
              value={form.serverSeedHex}
              onChange={update('serverSeedHex')}
              spellCheck={false}
              autoComplete="off"
            />
          </label>
          <label className={styles.seedForm}>
            <span className={styles.statLabel}>{t('houseGames.verify.commitment')}</span>
            <input
              className={styles.input}
              name="commitment"
              value={form.commitmentHex}
              onChange={update('commitmentHex')}
              spellCheck={false}
              autoComplete="off"
            />
          </label>
          <label className={styles.seedForm}>
            <span className={styles.statLabel}>{t('houseGames.verify.clientSeed')}</span>
            <input
              className={styles.input}
              name="clientSeed"
              value={form.clientSeed}
              onChange={update('clientSeed')}
              spellCheck={false}
              autoComplete="off"
            />
          </label>
          <label className={styles.seedForm}>
            <span className={styles.statLabel}>{t('houseGames.verify.nonce')}</span>
            <input
              className={styles.input}
              name="nonce"
              inputMode="numeric"
              value={form.nonce}
              onChange={update('nonce')}
              autoComplete="off"
            />
          </label>
          <Button type="submit" variant="gold">
            {t('houseGames.verify.run')}
          </Button>
        </form>
        <section className={styles.panel} aria-live="polite" aria-labelledby="verify-result">
          <h2 id="verify-result" className={styles.panelTitle}>
            {t('houseGames.verify.result')}
          </h2>
          {outcome === null ? <p className={styles.muted}>{t('houseGames.verify.hint')}</p> : null}
          {outcome && !outcome.ok ? (
            <p className={styles.error} role="alert">
              {t(`houseGames.verify.errors.${outcome.error}`)}
            </p>
          ) : null}
          {outcome?.ok && title ? (
            <>
              <p className={outcome.isCommitmentValid ? styles.win : styles.error} data-testid="commitment-check">
                {outcome.isCommitmentValid ? t('houseGames.verify.commitmentOk') : t('houseGames.verify.commitmentBad')}
              </p>
              <SlotReels
                title={title}
                reels={outcome.spin.base.reels}
                isSpinning={false}
                stoppedCount={5}
                lineWins={outcome.spin.base.lineWins.map((win) => ({
                  ...win,
                  rows: [...win.rows],
                  payout: toMoneyString(win.payoutMinor),
                }))}
              />
              <dl className={styles.facts}>
                <dt>{t('houseGames.verify.stops')}</dt>
                <dd>{outcome.spin.base.stops.join(', ')}</dd>
                <dt>{t('houseGames.verify.freeSpins')}</dt>
                <dd>{outcome.spin.freeSpins.length}</dd>
                <dt>{t('houseGames.verify.payout')}</dt>
                <dd data-testid="verified-payout">{formatMoney(outcome.spin.totalPayoutMinor)}</dd>
              </dl>
              {record.data && isRecordForm ? (
                <p
                  className={matchesRecordedPayout(outcome.spin, record.data.totalPayout) ? styles.win : styles.error}
                  data-testid="record-check"
                >
                  {matchesRecordedPayout(outcome.spin, record.data.totalPayout)
                    ? t('houseGames.verify.recordOk', { amount: formatMoney(record.data.totalPayout) })
                    : t('houseGames.verify.recordBad', { amount: formatMoney(record.data.totalPayout) })}
                </p>
              ) : null}
            </>
          ) : null}
        </section>
      </div>
    </PageFrame>
  );
}
