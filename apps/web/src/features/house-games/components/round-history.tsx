import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { GamePanel } from '@/components/ui/game-panel';
import { formatTime } from '@/lib/format-date';
import { formatMoney } from '@/lib/format-money';
import { useLanguage } from '@/stores/language-store';
import type { SlotRoundSummary } from '../utils/house-games-types';
import { toMinor } from '../utils/money';
import styles from './slot-panels.module.css';

/** The player's recent rounds; each links to the verify page with the round picked. */
export function RoundHistory({ rounds }: { rounds: readonly SlotRoundSummary[] }) {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <GamePanel
      id="history-heading"
      title={t('houseGames.history.title')}
      classes={styles}
      empty={rounds.length === 0 ? t('houseGames.history.empty') : null}
    >
      <div className={styles.tableWrap}>
        <table className={styles.table} data-testid="round-history">
          <thead>
            <tr>
              <th scope="col">{t('houseGames.history.nonce')}</th>
              <th scope="col">{t('houseGames.history.bet')}</th>
              <th scope="col">{t('houseGames.history.payout')}</th>
              <th scope="col">{t('houseGames.history.time')}</th>
              <th scope="col">
                <span className="visually-hidden">{t('houseGames.history.verify')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rounds.map((round) => (
              <tr key={round.roundId} data-round={round.roundId}>
                <td>{round.nonce}</td>
                <td>{formatMoney(round.totalBet)}</td>
                <td className={toMinor(round.totalPayout) > 0n ? styles.win : undefined}>{formatMoney(round.totalPayout)}</td>
                <td>{formatTime(round.playedAt, language)}</td>
                <td>
                  <Link
                    className={styles.link}
                    to={`/bgs/verify?gameCode=${encodeURIComponent(round.titleId)}&round=${encodeURIComponent(round.roundId)}`}
                  >
                    {t('houseGames.history.verify')}
                  </Link>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </GamePanel>
  );
}
