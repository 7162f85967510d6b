import { LOTTERY_KINDS } from '@kismat/contracts/house-games';
import { useTranslation } from 'react-i18next';
import blocks from '@/components/ui/blocks.module.css';
import { useIssueVerify } from '../api/get-issue-verify';
import { useVerifyForm } from '../hooks/use-verify-form';
import type { IssueVerifyValue, LotteryKind } from '../utils/house-games-types';
import { type LotteryVerifyInput, matchesRecordedDraw, usesTicketSet, verifyLotteryDraw } from '../utils/verify-lottery-draw';
import lotteryStyles from './lottery.module.css';
import { headlineOf } from './lottery-results';
import styles from './slot-panels.module.css';
import { RecordCheck, SeedFields, VerifyPanels, VerifySelect } from './verify-panels';

const EMPTY: LotteryVerifyInput = { kind: 'ELOTT', serverSeedHex: '', commitmentHex: '', clientSeed: '', nonce: '0' };

function fromIssue(issue: IssueVerifyValue): LotteryVerifyInput {
  return {
    kind: issue.kind,
    serverSeedHex: issue.serverSeed ?? '',
    commitmentHex: issue.commitment,
    clientSeed: issue.clientSeed ?? '',
    nonce: String(issue.nonce),
  };
}

/**
 * Redraws a lottery issue in the browser from its revealed seed and the hash of its closed ticket
 * set (part of the client seed), and compares it with the recorded draw.
 */
export function LotteryVerify({ issueId }: { issueId: string | null }) {
  const { t } = useTranslation();
  const record = useIssueVerify(issueId);
  const { form, outcome, bind, submit } = useVerifyForm({
    empty: EMPTY,
    record: record.data,
    fromRecord: fromIssue,
    verify: verifyLotteryDraw,
  });
  const isRecordForm = record.data !== undefined && form.clientSeed === record.data.clientSeed && form.kind === record.data.kind;

  const fields = (
    <>
      {record.error ? (
        <p className={styles.error} role="alert">
          {record.error.message}
        </p>
      ) : null}
      {record.data && !record.data.serverSeed ? <p className={styles.muted}>{t('houseGames.verify.notDrawn')}</p> : null}
      {record.data && !record.data.serverSeed && !record.data.ticketSetHash ? (
        <p className={styles.muted}>{t('houseGames.verify.notClosed')}</p>
      ) : null}
      {record.data?.ticketSetHash ? (
        <dl className={styles.facts}>
          <dt>{t('houseGames.verify.ticketSetHash')}</dt>
          <dd className={styles.hash} data-testid="ticket-set-hash">
            {record.data.ticketSetHash}
          </dd>
        </dl>
      ) : null}
      <VerifySelect label={t('houseGames.verify.lotteryKind')} {...bind('kind')}>
        {LOTTERY_KINDS.map((kind: LotteryKind) => (
          <option key={kind} value={kind}>
            {t(`houseGames.verify.kinds.${kind}`)}
          </option>
        ))}
      </VerifySelect>
      <SeedFields bind={bind} clientSeedLabel={t('houseGames.verify.lotteryClientSeed')} />
    </>
  );

  return (
    <VerifyPanels
      formLabel={t('houseGames.verify.lotteryFormLabel')}
      resultId="verify-draw-result"
      onSubmit={submit}
      fields={fields}
      outcome={outcome}
    >
      {({ draw }) => (
        <>
          <p className={`${blocks.statLabel} ${styles.statLabel}`}>{t('houseGames.verify.drawn')}</p>
          <div className={lotteryStyles.openedBalls} data-testid="verified-draw">
            {headlineOf(draw).map((number, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: drawn numbers are positional.
              <span key={index} className={lotteryStyles.openedBall} data-kind={form.kind} data-static="true">
                {number}
              </span>
            ))}
          </div>
          {record.data?.ticketSetHash ? (
            <RecordCheck isMatch={usesTicketSet(form.clientSeed, record.data.ticketSetHash)} testId="ticket-set-check">
              {usesTicketSet(form.clientSeed, record.data.ticketSetHash)
                ? t('houseGames.verify.ticketSetOk')
                : t('houseGames.verify.ticketSetBad')}
            </RecordCheck>
          ) : null}
          {record.data?.result && isRecordForm ? (
            <RecordCheck isMatch={matchesRecordedDraw(draw, record.data.result)} testId="draw-check">
              {matchesRecordedDraw(draw, record.data.result) ? t('houseGames.verify.drawOk') : t('houseGames.verify.drawBad')}
            </RecordCheck>
          ) : null}
        </>
      )}
    </VerifyPanels>
  );
}
