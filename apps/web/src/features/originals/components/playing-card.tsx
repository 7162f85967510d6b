import { cardFace } from '../utils/card-slip';
import styles from './cards.module.css';

/**
 * One card dealt onto the table: it slides from the shoe face down and turns over (a transform
 * keyframe, `delayMs` after the round's answer, so a hand is dealt card by card).
 */
export function PlayingCard({
  card,
  delayMs = 0,
  isSmall = false,
  isWinning = false,
  testId,
}: {
  card: number;
  delayMs?: number;
  isSmall?: boolean;
  isWinning?: boolean;
  testId?: string;
}) {
  const face = cardFace(card);
  const className = [styles.card, isSmall ? styles.small : '', isWinning ? styles.winCard : ''].filter(Boolean).join(' ');
  return (
    <div
      className={className}
      style={{ animationDelay: `${delayMs}ms` }}
      role="img"
      aria-label={face.label}
      data-testid={testId}
      data-card={card}
    >
      <div className={`${styles.face} ${face.isRed ? styles.red : ''}`}>
        <span className={styles.rank}>{face.rank}</span>
        <span className={styles.suit}>{face.suit}</span>
      </div>
      <div className={styles.back} />
    </div>
  );
}

/** An empty place on the table before the first deal. */
export function CardSlot() {
  return <div className={styles.slot} aria-hidden="true" />;
}
