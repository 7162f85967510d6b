import type { ReactNode } from 'react';
import type { IconName } from '@/components/ui/icon';
import { PageFrame } from '@/components/ui/page-frame';
import type { useOriginalSession } from '../hooks/use-original-session';
import type { OriginalRound } from '../utils/originals-types';
import { GameTopBar } from './game-top-bar';
import styles from './originals.module.css';
import { PlayAside } from './play-aside';

interface OriginalGameFrameProps {
  title: string;
  subtitle: string;
  icon: IconName;
  session: Pick<ReturnType<typeof useOriginalSession>, 'balance' | 'sound' | 'fairness'>;
  /** While a round is in play the seed pair cannot change. */
  isLocked: boolean;
  rounds: readonly OriginalRound[] | undefined;
  /** The game itself: board, figures, controls. */
  children: ReactNode;
}

/**
 * Every original's page: the stage, with the balance and sound switch above the game, and beside
 * it the seed pair and the player's own rounds.
 */
export function OriginalGameFrame({ title, subtitle, icon, session, isLocked, rounds, children }: OriginalGameFrameProps) {
  return (
    <PageFrame title={title} subtitle={subtitle} icon={icon}>
      <div className={styles.layout}>
        <div className={styles.stage}>
          <GameTopBar balance={session.balance} isSoundOn={session.sound.isOn} onToggleSound={session.sound.toggle} />
          {children}
        </div>
        <PlayAside fairness={session.fairness.data} isLocked={isLocked} rounds={rounds} />
      </div>
    </PageFrame>
  );
}
