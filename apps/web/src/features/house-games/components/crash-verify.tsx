import { type VerifiedCrashRound, verifyCrashRound } from '@kismat/game-math/crash/verify-crash-round';
import { isHex } from '@kismat/game-math/crypto/bytes';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { type CrashRoundVerifyValue, useCrashRoundVerify } from '../api/get-crash-round-verify';
import { useVerifyForm } from '../hooks/use-verify-form';
import styles from './slot-panels.module.css';
import { RecordCheck, SeedField, VerifyPanels } from './verify-panels';

interface CrashVerifyInput {
  seedHex: string;
  previousLinkHex: string;
  salt: string;
  edgeBasisPoints: string;
  announced: string;
}

type CrashVerifyOutcome = ({ ok: true; isCommitmentValid: boolean } & VerifiedCrashRound) | { ok: false; error: 'BAD_SEED_INPUTS' };

const EMPTY: CrashVerifyInput = { seedHex: '', previousLinkHex: '', salt: '', edgeBasisPoints: '100', announced: '' };

function fromRecord(record: CrashRoundVerifyValue): CrashVerifyInput {
  return {
    seedHex: record.round.seed ?? '',
    previousLinkHex: record.previousLink,
    salt: record.round.salt,
    edgeBasisPoints: String(record.round.houseEdgeBp),
    announced: record.round.crashPoint ?? '',
  };
}

/** Runs game-math's crash verifier in the browser: nothing is sent to the server. */
function verifyInput(input: CrashVerifyInput): CrashVerifyOutcome {
  const seed = input.seedHex.trim();
  const edge = Number(input.edgeBasisPoints);
  if (!isHex(seed) || seed.length !== 64 || !isHex(input.previousLinkHex.trim()) || !Number.isInteger(edge) || edge < 0 || edge > 1000) {
    return { ok: false, error: 'BAD_SEED_INPUTS' };
  }
  const announced = Math.round(Number(input.announced) * 100);
  const verdict = verifyCrashRound({
    seedHex: seed,
    previousLinkHex: input.previousLinkHex,
    salt: input.salt,
    edgeBasisPoints: edge,
    announcedPointHundredths: Number.isFinite(announced) ? announced : -1,
  });
  return { ok: true, isCommitmentValid: verdict.isLinked, ...verdict };
}

/**
 * /bgs/verify?mode=crash: recomputes a crash round from its revealed seed, the chain's salt and
 * house edge, and checks the seed hashes to the previous link (the seed of the round before, or
 * the chain's commitment), so it was fixed before the chain's first round. ?round= loads it.
 */
export function CrashVerify() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const [roundText, setRoundText] = useState(searchParams.get('round') ?? '');
  const [roundId, setRoundId] = useState<string | null>(searchParams.get('round'));
  const record = useCrashRoundVerify(roundId);
  const { outcome, bind, submit } = useVerifyForm<CrashVerifyInput, CrashRoundVerifyValue, CrashVerifyOutcome>({
    empty: EMPTY,
    record: record.data,
    fromRecord,
    verify: verifyInput,
  });
  const load = (event: FormEvent) => {
    event.preventDefault();
    setRoundId(roundText.trim());
  };
  const round = record.data?.round;
  return (
    <>
      <form className={styles.panel} onSubmit={load} aria-label={t('crash.verifyPanel.load')}>
        <SeedField
          label={t('crash.verifyPanel.roundId')}
          name="round"
          value={roundText}
          onChange={(event) => setRoundText(event.target.value)}
          isNumeric
        />
        <Button type="submit" variant="outline">
          {t('crash.verifyPanel.load')}
        </Button>
        {record.isError ? <p className={styles.error}>{t('crash.verifyPanel.notFound')}</p> : null}
        {round ? (
          <p className={styles.muted} style={{ overflowWrap: 'anywhere' }} data-testid="crash-verify-round">
            {t('crash.verifyPanel.index', { index: round.roundIndex, length: record.data?.chainLength ?? 0 })} ·{' '}
            {t('crash.verifyPanel.commitment')} <code>{round.commitment}</code>
          </p>
        ) : null}
        {round && round.phase !== 'CRASHED' ? <p className={styles.muted}>{t('crash.verifyPanel.notCrashed')}</p> : null}
      </form>
      <VerifyPanels
        formLabel={t('crash.verifyPanel.recompute')}
        resultId="crash-verify-result"
        onSubmit={submit}
        outcome={outcome}
        fields={
          <>
            <SeedField label={t('crash.verifyPanel.seed')} {...bind('seedHex', 'seed')} />
            <SeedField label={t('crash.verifyPanel.previousLink')} {...bind('previousLinkHex', 'previousLink')} />
            <SeedField label={t('crash.verifyPanel.salt')} {...bind('salt')} />
            <SeedField label={t('crash.verifyPanel.edge')} {...bind('edgeBasisPoints', 'edge')} isNumeric />
            <SeedField label={t('crash.verifyPanel.announced')} {...bind('announced')} />
          </>
        }
      >
        {(result) => (
          <>
            <RecordCheck isMatch={result.isLinked} testId="crash-verify-linked">
              {result.isLinked ? t('crash.verifyPanel.linked') : t('crash.verifyPanel.notLinked')}
            </RecordCheck>
            <p data-testid="crash-verify-point">
              {t('crash.verifyPanel.recomputed')}: <strong>{(result.crashPointHundredths / 100).toFixed(2)}×</strong>
            </p>
            <RecordCheck isMatch={result.isPointMatching} testId="crash-verify-match">
              {result.isPointMatching ? t('crash.verifyPanel.matches') : t('crash.verifyPanel.differs')}
            </RecordCheck>
          </>
        )}
      </VerifyPanels>
    </>
  );
}
