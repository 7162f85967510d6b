import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import blocks from '@/components/ui/blocks.module.css';
import { Button } from '@/components/ui/button';
import { GamePanel } from '@/components/ui/game-panel';
import { useRotateServerSeed } from '../api/rotate-server-seed';
import { useSetClientSeed } from '../api/set-client-seed';
import { createClientSeed } from '../utils/client-seed';
import type { FairnessState, RevealedSeed } from '../utils/house-games-types';
import styles from './slot-panels.module.css';

interface FairnessPanelProps {
  gameCode: string;
  fairness: FairnessState;
  isLocked: boolean;
}

/**
 * The active seed's hash, the next seed's hash (committed before the player picks the client
 * seed it will be used with), the client seed and the next nonce. Saving a client seed keeps the
 * server seed; rotation reveals the seed in use and activates the next one with a fresh client
 * seed from the browser.
 */
export function FairnessPanel({ gameCode, fairness, isLocked }: FairnessPanelProps) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(fairness.clientSeed);
  const [revealed, setRevealed] = useState<RevealedSeed | null>(null);
  const setSeed = useSetClientSeed();
  const rotate = useRotateServerSeed();
  useEffect(() => setDraft(fairness.clientSeed), [fairness.clientSeed]);

  const value = draft.trim();
  const isDraftValid = value.length >= 1 && value.length <= 256 && value !== fairness.clientSeed;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (isDraftValid) setSeed.mutate(value);
  };

  return (
    <GamePanel id="fairness-heading" title={t('houseGames.fair.title')} classes={styles}>
      <dl className={styles.facts}>
        <dt>{t('houseGames.fair.commitment')}</dt>
        <dd className={styles.hash} data-testid="commitment">
          {fairness.commitment}
        </dd>
        <dt>{t('houseGames.fair.nextCommitment')}</dt>
        <dd className={styles.hash} data-testid="next-commitment">
          {fairness.nextCommitment}
        </dd>
        <dt>{t('houseGames.fair.nonce')}</dt>
        <dd data-testid="nonce">{fairness.nextNonce}</dd>
      </dl>
      <form className={styles.seedForm} onSubmit={submit}>
        <label className={`${blocks.statLabel} ${styles.statLabel}`} htmlFor="client-seed">
          {t('houseGames.fair.clientSeed')}
        </label>
        <div className={styles.seedRow}>
          <input
            id="client-seed"
            className={styles.input}
            value={draft}
            maxLength={256}
            spellCheck={false}
            onChange={(event) => setDraft(event.target.value)}
            disabled={isLocked}
          />
          <Button type="submit" variant="outline" size="small" disabled={isLocked || !isDraftValid || setSeed.isPending}>
            {t('houseGames.fair.saveSeed')}
          </Button>
        </div>
        <p className={styles.muted}>{t('houseGames.fair.seedHint')}</p>
      </form>
      <div className={styles.seedRow}>
        <Button
          variant="purple"
          size="small"
          disabled={isLocked || rotate.isPending}
          onClick={() => rotate.mutate(createClientSeed(), { onSuccess: (answer) => setRevealed(answer.revealed) })}
        >
          {t('houseGames.fair.rotate')}
        </Button>
        <Link className={styles.link} to={`/bgs/verify?gameCode=${encodeURIComponent(gameCode)}`}>
          {t('houseGames.fair.openVerify')}
        </Link>
      </div>
      {revealed ? (
        <div className={styles.revealed} role="status">
          <p>{t('houseGames.fair.revealedText', { rounds: revealed.nonceCount })}</p>
          <dl className={styles.facts}>
            <dt>{t('houseGames.fair.revealedSeed')}</dt>
            <dd className={styles.hash} data-testid="revealed-seed">
              {revealed.serverSeed}
            </dd>
            <dt>{t('houseGames.fair.previousCommitment')}</dt>
            <dd className={styles.hash}>{revealed.commitment}</dd>
            <dt>{t('houseGames.fair.clientSeed')}</dt>
            <dd className={styles.hash}>{revealed.clientSeed}</dd>
          </dl>
        </div>
      ) : null}
      {setSeed.error || rotate.error ? <p className={styles.error}>{(setSeed.error ?? rotate.error)?.message}</p> : null}
    </GamePanel>
  );
}
