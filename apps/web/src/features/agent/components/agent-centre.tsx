import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Icon, type IconName } from '@/components/ui/icon';
import { Logo } from '@/components/ui/logo';
import { paths } from '@/config/paths';
import { INTL_LOCALES } from '@/lib/i18n';
import { useLanguage } from '@/stores/language-store';
import { useSessionStore } from '@/stores/session-store';
import styles from './agent-centre.module.css';

/** Always-shown agent menu pages (spec section 2). Contract-type pages join once contracts load. */
export const AGENT_PAGES = [
  'agentAnnouncement',
  'agentTeamOverview',
  'registerCenter',
  'downlineManagmentView',
  'personalHistoryCopy',
  'palStatementsAgentCopy',
  'agentRevenueReport',
  'agentDownlineTransactionDetailsCopy',
] as const;
export type AgentPage = (typeof AGENT_PAGES)[number];

const AGENT_PAGE_ICONS: Record<AgentPage, IconName> = {
  agentAnnouncement: 'chat',
  agentTeamOverview: 'userPlus',
  registerCenter: 'user',
  downlineManagmentView: 'shield',
  personalHistoryCopy: 'clock',
  palStatementsAgentCopy: 'coins',
  agentRevenueReport: 'wallet',
  agentDownlineTransactionDetailsCopy: 'ticket',
};

const OTHER_ENTRIES = ['deposit', 'withdraw', 'platformMessages', 'customerService'] as const;
const OTHER_ICONS: Record<(typeof OTHER_ENTRIES)[number], IconName> = {
  deposit: 'wallet',
  withdraw: 'download',
  platformMessages: 'chat',
  customerService: 'headset',
};

/** "GMT+06:00" for the browser's offset: agents compare report periods across time zones. */
export function formatGmtOffset(date: Date): string {
  const minutes = -date.getTimezoneOffset();
  const sign = minutes >= 0 ? '+' : '-';
  const absolute = Math.abs(minutes);
  const hours = String(Math.floor(absolute / 60)).padStart(2, '0');
  const rest = String(absolute % 60).padStart(2, '0');
  return `GMT${sign}${hours}:${rest}`;
}

function LiveClock() {
  const language = useLanguage();
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(new Date()), 1000);
    return () => window.clearInterval(timer);
  }, []);
  const text = new Intl.DateTimeFormat(INTL_LOCALES[language], { dateStyle: 'medium', timeStyle: 'medium' }).format(now);
  return (
    <span className={styles.clock}>
      <span className={styles.offset}>{formatGmtOffset(now)}</span>
      <Icon name="clock" size={16} />
      <time dateTime={now.toISOString()}>{text}</time>
    </span>
  );
}

function isAgentPage(value: string | null): value is AgentPage {
  return value !== null && (AGENT_PAGES as readonly string[]).includes(value);
}

interface AgentCentreProps {
  onLogout: () => void;
  isLoggingOut: boolean;
  languageSelect: ReactNode;
}

/** /agentHome: the agent view only, with its own menu, clock, nickname and logout. */
export function AgentCentre({ onLogout, isLoggingOut, languageSelect }: AgentCentreProps) {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const nickname = useSessionStore((state) => state.nickname ?? state.account);
  const requested = searchParams.get('page');
  const page: AgentPage = isAgentPage(requested) ? requested : 'agentAnnouncement';
  const otherEntry = OTHER_ENTRIES.find((entry) => entry === requested);
  const title = otherEntry ? t(`agent.centre.other.${otherEntry}`) : t(`agent.centre.pages.${page}`);
  const icon = otherEntry ? OTHER_ICONS[otherEntry] : AGENT_PAGE_ICONS[page];
  const pageHref = (entry: string) => `${paths.agentHome.getHref()}?page=${entry}`;
  return (
    <div className={styles.layout}>
      <nav className={styles.menu} aria-label={t('agent.centre.menu')}>
        <div className={styles.brand}>
          <Logo isCompact />
          <span className={styles.brandTag}>{t('agent.centre.title')}</span>
        </div>
        <div>
          <p className={styles.groupTitle}>{t('agent.centre.reports')}</p>
          <ul className={styles.list}>
            {AGENT_PAGES.map((entry) => (
              <li key={entry}>
                <Link to={pageHref(entry)} className={styles.entry} aria-current={!otherEntry && entry === page ? 'page' : undefined}>
                  <Icon name={AGENT_PAGE_ICONS[entry]} size={18} />
                  {t(`agent.centre.pages.${entry}`)}
                </Link>
              </li>
            ))}
          </ul>
        </div>
        <div>
          <p className={styles.groupTitle}>{t('agent.centre.more')}</p>
          <ul className={styles.list}>
            {OTHER_ENTRIES.map((entry) => (
              <li key={entry}>
                <Link to={pageHref(entry)} className={styles.entry} aria-current={requested === entry ? 'page' : undefined}>
                  <Icon name={OTHER_ICONS[entry]} size={18} />
                  {t(`agent.centre.other.${entry}`)}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      </nav>
      <div className={styles.main}>
        <header className={styles.bar}>
          <LiveClock />
          {languageSelect}
          <span className={styles.user}>
            <Icon name="user" size={18} />
            {nickname ?? t('agent.centre.agent')}
          </span>
          <Button variant="ghost" size="small" onClick={onLogout} disabled={isLoggingOut}>
            <Icon name="logout" size={16} />
            {t('header.logout')}
          </Button>
        </header>
        <main className={styles.content}>
          <h1 className={styles.title}>{title}</h1>
          <EmptyState icon={icon} title={t('agent.centre.emptyTitle')} text={t('agent.centre.emptyText')} />
        </main>
      </div>
    </div>
  );
}
