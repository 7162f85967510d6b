import { useTranslation } from 'react-i18next';
import { Icon } from '@/components/ui/icon';
import { INTL_LOCALES } from '@/lib/i18n';
import { useLanguage } from '@/stores/language-store';
import { useRankList } from '../api/get-rank-list';
import { formatWinAmount, maskCustomerName, splitWinners } from '../utils/winner-board';
import styles from './winner-board.module.css';

const MEDALS = ['gold', 'silver', 'bronze'] as const;

/** The winner board: the top 3 largest, then the list from rank 4 (GCSGAME_getRankList). */
export function WinnerBoard() {
  const { t } = useTranslation();
  const language = useLanguage();
  const { data, isPending, isError } = useRankList();
  const locale = INTL_LOCALES[language];
  const { podium, rest } = splitWinners(data?.list ?? []);
  // Sample winners are labelled as such: a visitor must never take them for real wins (issue 12).
  const isDemo = data?.isDemo === true;

  return (
    <section className={styles.board} aria-labelledby="home-winners-title" data-demo={isDemo ? 'true' : 'false'}>
      <div className={styles.head}>
        <h2 id="home-winners-title" className={styles.title}>
          <Icon name="star" size={20} />
          {t('home.winners.title')}
        </h2>
        {isDemo ? (
          <span className={styles.demo} data-testid="winners-demo-badge">
            {t('home.winners.demo')}
          </span>
        ) : (
          <span className={styles.live}>{t('home.winners.live')}</span>
        )}
      </div>
      {isDemo && podium.length > 0 ? <p className={styles.demoNote}>{t('home.winners.demoNote')}</p> : null}
      {isPending ? (
        <div className={styles.placeholder} aria-busy="true" />
      ) : isError || podium.length === 0 ? (
        <p className={styles.empty}>{t('home.winners.empty')}</p>
      ) : (
        <div className={styles.body}>
          <ol className={styles.podium} aria-label={t('home.winners.top')}>
            {podium.map(({ rank, entry }) => (
              <li key={rank} className={[styles.top, styles[MEDALS[rank - 1] ?? 'gold']].join(' ')} data-rank={rank}>
                <span className={styles.medal}>
                  <span className="visually-hidden">{t('home.winners.rank', { rank })}</span>
                  <span aria-hidden="true">{rank}</span>
                </span>
                <img className={styles.topIcon} src={entry.vo.iconUrl} alt="" width={72} height={72} loading="lazy" decoding="async" />
                <span className={styles.name}>{maskCustomerName(entry.vo.customerName)}</span>
                <span className={styles.game}>{entry.vo.gameName}</span>
                <strong className={styles.topAmount}>{formatWinAmount(entry.vo.winAmount, locale)}</strong>
              </li>
            ))}
          </ol>
          {rest.length > 0 ? (
            <ol className={styles.list} start={4}>
              {rest.map(({ rank, entry }) => (
                <li key={rank} className={styles.row} data-rank={rank}>
                  <span className={styles.rank}>{rank}</span>
                  <img src={entry.vo.iconUrl} alt="" width={32} height={32} loading="lazy" decoding="async" />
                  <span className={styles.rowName}>{maskCustomerName(entry.vo.customerName)}</span>
                  <span className={styles.rowGame}>{entry.vo.gameName}</span>
                  <strong className={styles.rowAmount}>{formatWinAmount(entry.vo.winAmount, locale)}</strong>
                </li>
              ))}
            </ol>
          ) : null}
        </div>
      )}
    </section>
  );
}
