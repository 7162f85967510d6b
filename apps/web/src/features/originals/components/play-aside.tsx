import type { FairnessState, OriginalRound } from '../utils/originals-types';
import { OriginalHistory } from './original-history';
import styles from './originals.module.css';
import { SeedPanel } from './seed-panel';

/** A play panel's failure line: the last play's error, else a refused client seed (an alert either way). */
export function PlayError({ error, seedError }: { error: string | null | undefined; seedError?: { message: string } | null }) {
  if (!error && !seedError) return null;
  return (
    <p className={styles.error} role="alert">
      {error ?? seedError?.message}
    </p>
  );
}

/** The column beside every original: the seed pair (locked while a round is in play) and the player's own rounds. */
export function PlayAside({
  fairness,
  isLocked,
  rounds,
}: {
  fairness: FairnessState | undefined;
  isLocked: boolean;
  rounds: readonly OriginalRound[] | undefined;
}) {
  return (
    <div className={styles.side}>
      {fairness ? <SeedPanel fairness={fairness} isLocked={isLocked} /> : null}
      <OriginalHistory rounds={rounds ?? []} />
    </div>
  );
}
