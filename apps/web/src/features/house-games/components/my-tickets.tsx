import { useTranslation } from 'react-i18next';
import { GamePanel } from '@/components/ui/game-panel';
import { formatMoney } from '@/lib/format-money';
import type { LotteryTicket } from '../utils/house-games-types';
import styles from './lottery.module.css';

interface MyTicketsProps {
  tickets: readonly LotteryTicket[];
  selectionLabel: (ticket: { betType: string; selection: string }) => string;
}

/** The member's tickets with their status and payout. */
export function MyTickets({ tickets, selectionLabel }: MyTicketsProps) {
  const { t } = useTranslation();
  return (
    <GamePanel
      id="tickets-heading"
      title={t('houseGames.tickets.title')}
      classes={styles}
      empty={tickets.length === 0 ? t('houseGames.tickets.empty') : null}
    >
      <ul className={styles.tickets} data-testid="my-tickets">
        {tickets.map((ticket) => (
          <li key={ticket.ticketId} data-status={ticket.status}>
            <span>
              <strong>{selectionLabel(ticket)}</strong>
              <small className={styles.muted}>
                {t(`houseGames.betTypes.${ticket.betType}`, { defaultValue: ticket.betType })} ·{' '}
                {t('houseGames.lottery.issue', { issue: ticket.issueNo })}
              </small>
            </span>
            <span className={styles.ticketRight}>
              <span>{formatMoney(ticket.amount)}</span>
              <span className={styles.status} data-status={ticket.status}>
                {t(`houseGames.tickets.status.${ticket.status}`)}
                {ticket.status === 'won' ? ` +${formatMoney(ticket.payout)}` : ''}
              </span>
            </span>
          </li>
        ))}
      </ul>
    </GamePanel>
  );
}
