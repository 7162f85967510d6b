import { type ReactNode, Suspense, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import blocks from '@/components/ui/blocks.module.css';
import { Button } from '@/components/ui/button';
import { Icon, type IconName } from '@/components/ui/icon';
import { Logo } from '@/components/ui/logo';
import { MessageDialog } from '@/components/ui/message-dialog';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { siteOffsetMinutes } from '@/lib/date-presets';
import { useLanguage } from '@/stores/language-store';
import { useSessionStore } from '@/stores/session-store';
import { useAgentHome } from '../api/get-agent-home';
import { useConsolidatedFlags } from '../api/get-consolidated-flags';
import { formatMoney } from '../utils/format';
import { type AgentPage, type ContractFlags, isAgentPage, isOtherEntry, type OtherEntry, visibleAgentPages } from '../utils/menu-pages';
import styles from './agent-centre.module.css';
import { AgentPageView } from './agent-page-view';
import { EarningsToWalletDialog } from './earnings-to-wallet-dialog';
import { LiveClock } from './live-clock';

export const AGENT_PAGE_ICONS: Record<AgentPage, IconName> = {
  agentAnnouncement: 'chat',
  agentTeamOverview: 'userPlus',
  registerCenter: 'user',
  downlineManagmentView: 'shield',
  personalHistoryCopy: 'clock',
  palStatementsAgentCopy: 'coins',
  agentRevenueReport: 'wallet',
  agentDownlineTransactionDetailsCopy: 'ticket',
  agentDividendRecordCopy2: 'crown',
  agentDailyWages2: 'calendar',
  agentHourSalary: 'clock',
  agentRealtimeSalary: 'sparkle',
};

const OTHER_ICONS: Record<OtherEntry, IconName> = {
  deposit: 'wallet',
  withdraw: 'download',
  platformMessages: 'mail',
  customerService: 'headset',
};

export interface CustomerServiceLink {
  type: 'LIVECHAT' | 'FACEBOOK' | 'TELEGRAM' | 'WHATSAPP';
  title: string;
  url: string;
}

interface AgentCentreProps {
  onLogout: () => void;
  isLoggingOut: boolean;
  languageSelect: ReactNode;
  /** The member's own betting record (another feature), composed by the app. */
  personalHistory: ReactNode;
  customerService: readonly CustomerServiceLink[];
}

/** The menu combines the consolidated flags with the agent home's menu: either switches a page on. */
function mergeFlags(
  consolidated: ContractFlags | undefined,
  menu: { dividend: boolean; dailySalary: boolean; hourSalary: boolean; realtimeSalary: boolean } | undefined,
): ContractFlags {
  return {
    divtypereq: Boolean(consolidated?.divtypereq || menu?.dividend),
    dailysalreqtype: Boolean(consolidated?.dailysalreqtype || menu?.dailySalary),
    contracthoursalreq: Boolean(consolidated?.contracthoursalreq || menu?.hourSalary),
    realtimesalreqtype: Boolean(consolidated?.realtimesalreqtype || menu?.realtimeSalary),
  };
}

const OTHER_HREFS: Record<Exclude<OtherEntry, 'customerService'>, string> = {
  deposit: paths.member.getHref('depositv2'),
  withdraw: paths.member.getHref('withdraw'),
  platformMessages: paths.member.getHref('messageV2'),
};

/** /agentHome: the agent view only, with its own menu, GMT offset, clock, nickname and logout. */
export function AgentCentre({ onLogout, isLoggingOut, languageSelect, personalHistory, customerService }: AgentCentreProps) {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const [isMenuOpen, setIsMenuOpen] = useState(false);
  const [isConfirmingLogout, setIsConfirmingLogout] = useState(false);
  const [isMovingEarnings, setIsMovingEarnings] = useState(false);
  const language = useLanguage();
  const home = useAgentHome();
  const consolidated = useConsolidatedFlags();
  const storedName = useSessionStore((state) => state.nickname ?? state.account);
  const nickname = home.data?.nickname || storedName;
  const pages = useMemo(() => visibleAgentPages(mergeFlags(consolidated.data, home.data?.menu)), [consolidated.data, home.data?.menu]);
  const requested = searchParams.get('page');
  const otherEntry = isOtherEntry(requested) ? requested : null;
  const page: AgentPage = isAgentPage(requested) && pages.includes(requested) ? requested : 'agentTeamOverview';
  const offsetMinutes = home.data?.utcOffsetMinutes ?? siteOffsetMinutes();
  const skewMs = useMemo(() => (home.data ? Date.parse(home.data.serverTime) - home.dataUpdatedAt : 0), [home.data, home.dataUpdatedAt]);

  // A page change on a phone closes the menu drawer.
  useEffect(() => {
    if (requested !== undefined) setIsMenuOpen(false);
  }, [requested]);

  const pageHref = (entry: string) => `${paths.agentHome.getHref()}?page=${entry}`;
  const title = otherEntry ? t(`agentCentre.other.${otherEntry}`) : t(`agentCentre.pages.${page}`);

  return (
    <div className={styles.layout}>
      <nav className={styles.menu} aria-label={t('agentCentre.menu')} data-open={isMenuOpen || undefined}>
        <div className={styles.brand}>
          <Logo isCompact />
          <span className={styles.brandTag}>{t('agentCentre.title')}</span>
        </div>
        <div>
          <p className={`${blocks.groupLabel} ${styles.groupTitle}`}>{t('agentCentre.groups.team')}</p>
          <ul className={`${blocks.stackList} ${styles.list}`}>
            {pages.map((entry) => (
              <li key={entry}>
                <Link
                  to={pageHref(entry)}
                  className={styles.entry}
                  data-page={entry}
                  aria-current={!otherEntry && entry === page ? 'page' : undefined}
                  // Choosing the page already shown changes no address: close the phone drawer here too.
                  onClick={() => setIsMenuOpen(false)}
                >
                  <Icon name={AGENT_PAGE_ICONS[entry]} size={18} />
                  {t(`agentCentre.pages.${entry}`)}
                </Link>
              </li>
            ))}
          </ul>
        </div>
        <div>
          <p className={`${blocks.groupLabel} ${styles.groupTitle}`}>{t('agentCentre.groups.more')}</p>
          <ul className={`${blocks.stackList} ${styles.list}`}>
            {(['deposit', 'withdraw', 'platformMessages'] as const).map((entry) => (
              <li key={entry}>
                <Link to={OTHER_HREFS[entry]} className={styles.entry}>
                  <Icon name={OTHER_ICONS[entry]} size={18} />
                  {t(`agentCentre.other.${entry}`)}
                </Link>
              </li>
            ))}
            <li>
              <Link
                to={pageHref('customerService')}
                className={styles.entry}
                aria-current={otherEntry === 'customerService' ? 'page' : undefined}
              >
                <Icon name={OTHER_ICONS.customerService} size={18} />
                {t('agentCentre.other.customerService')}
              </Link>
            </li>
          </ul>
        </div>
      </nav>
      <div className={styles.main}>
        <header className={styles.bar}>
          <Button
            variant="ghost"
            size="small"
            isIconOnly
            className={styles.menuToggle}
            onClick={() => setIsMenuOpen((open) => !open)}
            aria-expanded={isMenuOpen}
            aria-label={t('agentCentre.bar.toggleMenu')}
          >
            <Icon name={isMenuOpen ? 'close' : 'menu'} size={20} />
          </Button>
          <LiveClock offsetMinutes={offsetMinutes} skewMs={skewMs} />
          <div className={styles.barEnd}>
            {languageSelect}
            <span className={styles.user} data-testid="agent-nickname">
              <Icon name="user" size={18} />
              {nickname ?? t('agentCentre.agent')}
            </span>
            <Button variant="ghost" size="small" onClick={() => setIsConfirmingLogout(true)} disabled={isLoggingOut}>
              <Icon name="logout" size={16} />
              <span className={styles.logoutText}>{t('agentCentre.bar.logout')}</span>
            </Button>
          </div>
        </header>
        <main className={styles.content}>
          <div className={styles.titleRow}>
            <h1 className={styles.title}>
              <Icon name={otherEntry ? OTHER_ICONS[otherEntry] : AGENT_PAGE_ICONS[page]} size={24} />
              {title}
            </h1>
            {home.data ? (
              <dl className={styles.balances} aria-label={t('agentCentre.bar.balances')}>
                <div>
                  <dt>{t('agentCentre.bar.cash')}</dt>
                  <dd data-testid="agent-cash-balance">{formatMoney(home.data.cashBalance, language)}</dd>
                </div>
                <div>
                  <dt>{t('agentCentre.bar.earnings')}</dt>
                  <dd data-testid="agent-earnings-balance">{formatMoney(home.data.earningsBalance, language)}</dd>
                  {home.data.earningsBalance !== '0.00' ? (
                    <Button variant="outline" size="small" className={styles.toWallet} onClick={() => setIsMovingEarnings(true)}>
                      {t('agentCentre.bar.toWallet')}
                    </Button>
                  ) : null}
                </div>
              </dl>
            ) : null}
          </div>
          <Suspense fallback={<Spinner label={t('common.loading')} isCentered />}>
            {otherEntry === 'customerService' ? (
              <CustomerServicePanel links={customerService} />
            ) : (
              <AgentPageView page={page} personalHistory={personalHistory} home={home.data} />
            )}
          </Suspense>
        </main>
      </div>
      {isMovingEarnings && home.data ? (
        <EarningsToWalletDialog earnings={home.data.earningsBalance} onClose={() => setIsMovingEarnings(false)} />
      ) : null}
      <MessageDialog
        isOpen={isConfirmingLogout}
        title={t('agentCentre.bar.logoutTitle')}
        tone="warning"
        confirmLabel={t('agentCentre.bar.logout')}
        onConfirm={() => {
          setIsConfirmingLogout(false);
          onLogout();
        }}
        onCancel={() => setIsConfirmingLogout(false)}
        isBusy={isLoggingOut}
      >
        {t('agentCentre.bar.logoutText')}
      </MessageDialog>
    </div>
  );
}

function CustomerServicePanel({ links }: { links: readonly CustomerServiceLink[] }) {
  const { t } = useTranslation();
  if (links.length === 0) return <p className={styles.muted}>{t('agentCentre.service.none')}</p>;
  return (
    <ul className={`${blocks.autoGrid} ${styles.serviceList}`}>
      {links.map((link) => (
        <li key={`${link.type}-${link.url}`}>
          <a href={link.url} target="_blank" rel="noopener noreferrer" className={`${blocks.surfaceCard} ${styles.serviceLink}`}>
            <Icon name="headset" size={20} />
            <span>
              <strong>{link.title}</strong>
              <small>{t(`agentCentre.service.types.${link.type}`)}</small>
            </span>
            <Icon name="external" size={16} />
          </a>
        </li>
      ))}
    </ul>
  );
}
