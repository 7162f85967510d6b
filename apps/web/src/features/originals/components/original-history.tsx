import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { GamePanel } from '@/components/ui/game-panel';
import { formatMoney } from '@/lib/format-money';
import { cardFace } from '../utils/card-slip';
import type { OriginalRound } from '../utils/originals-types';
import { toMinor } from '../utils/stake';
import styles from './originals.module.css';

/** What a round was, in a few characters: the roll of a dice round, the picks of a mines round. */
function summary(round: OriginalRound, t: TFunction): string {
  if (round.dice)
    return `${(round.dice.roll / 100).toFixed(2)} ${round.dice.direction === 'UNDER' ? '<' : '>'} ${round.dice.direction === 'UNDER' ? (round.dice.chance / 100).toFixed(2) : ((10_000 - round.dice.chance) / 100).toFixed(2)}`;
  if (round.mines) return t('originals.history.mines', { mines: round.mines.mineCount, picks: round.mines.picks.length });
  if (round.plinko)
    return t('originals.history.plinko', { rows: round.plinko.rows, risk: t(`originals.plinko.risks.${round.plinko.risk}`) });
  const dragonTiger = round.cards?.dragonTiger;
  if (dragonTiger)
    return `${cardFace(dragonTiger.dragon).label} · ${cardFace(dragonTiger.tiger).label} · ${t(`originals.dragonTiger.winner.${dragonTiger.winner}`)}`;
  const andarBahar = round.cards?.andarBahar;
  if (andarBahar)
    return `${cardFace(andarBahar.joker).label} · ${t(`originals.andarBahar.winner.${andarBahar.winner}`, { count: andarBahar.cardsDealt })}`;
  const teenPatti = round.cards?.teenPatti;
  if (teenPatti) {
    const hand = t(`originals.teenPatti.hands.${teenPatti.playerHand}`);
    if (teenPatti.decision === 'FOLD') return `${hand} · ${t('originals.teenPatti.result.FOLD')}`;
    return `${hand} · ${teenPatti.dealerHand ? t(`originals.teenPatti.hands.${teenPatti.dealerHand}`) : ''}`;
  }
  return '';
}

/** The member's own last rounds of this game; each links to the verify page. */
export function OriginalHistory({ rounds }: { rounds: readonly OriginalRound[] }) {
  const { t } = useTranslation();
  return (
    <GamePanel id="original-history" title={t('originals.history.title')} classes={styles}>
      {rounds.length === 0 ? <p className={styles.muted}>{t('originals.history.empty')}</p> : null}
      <ol className={styles.history} data-testid="original-history">
        {rounds
          .filter((round) => round.status !== 'OPEN')
          .map((round) => {
            // Net result: a plinko drop can pay back less than its stake.
            const net = toMinor(round.payout) - toMinor(round.stake);
            return (
              <li key={round.roundId} className={styles.historyRow}>
                <span className={net >= 0n ? styles.chipWin : styles.chipLose}>{round.multiplier}×</span>
                <span>
                  {summary(round, t)} · {t('originals.history.nonce', { nonce: round.nonce })}
                </span>
                <Link className={styles.link} to={`/bgs/verify?mode=original&round=${round.roundId}`}>
                  {net >= 0n ? `+${formatMoney(net)}` : `-${formatMoney(-net)}`}
                </Link>
              </li>
            );
          })}
      </ol>
    </GamePanel>
  );
}
