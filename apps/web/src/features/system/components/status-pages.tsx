import { LANGUAGES, type Language, parseLanguage } from '@kismat/contracts/languages';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { type Fact, FactList } from '@/components/ui/fact-list';
import { FullPageMessage } from '@/components/ui/full-page-message';
import { Icon, type IconName } from '@/components/ui/icon';
import { Logo } from '@/components/ui/logo';
import { formatLongDateTime } from '@/lib/format-date';
import { INTL_LOCALES, LANGUAGE_NAMES } from '@/lib/i18n';
import { useLanguage } from '@/stores/language-store';
import { useChangeLanguage } from '../hooks/use-change-language';
import { type CustomerServiceLink, openCustomerService } from '../utils/customer-service';
import styles from './status-pages.module.css';

/** These pages replace the whole site, so they carry their own small language picker. */
function StatusLanguagePicker() {
  const { t } = useTranslation();
  const id = useId();
  const language = useLanguage();
  const changeLanguage = useChangeLanguage();
  return (
    <div className={styles.language}>
      <label htmlFor={id} className="visually-hidden">
        {t('shell.language')}
      </label>
      <select id={id} value={language} onChange={(event) => void changeLanguage(parseLanguage(event.target.value))}>
        {LANGUAGES.map((code) => (
          <option key={code} value={code}>
            {LANGUAGE_NAMES[code]}
          </option>
        ))}
      </select>
    </div>
  );
}

interface StatusPageProps {
  icon: IconName;
  title: string;
  text: string;
  /** What the page knows (when the site is back, the visitor's address), in a fact list. */
  facts: readonly Fact[];
  actions: ReactNode;
}

/** A page that stands in for the whole site: the logo, the message, its facts, and the language picker below. */
function StatusPage({ facts, ...message }: StatusPageProps) {
  return (
    <FullPageMessage
      {...message}
      brand={<Logo />}
      details={<FactList className={styles.facts} itemClassName={styles.fact} facts={facts} />}
      footer={<StatusLanguagePicker />}
    />
  );
}

/** Opens the live chat; the page says how it wants the button drawn. */
function ContactServiceButton({ link, variant }: { link: CustomerServiceLink; variant?: 'ghost' }) {
  const { t } = useTranslation();
  return (
    <Button variant={variant} onClick={() => openCustomerService(link.url)}>
      <Icon name="headset" size={18} />
      {t('status.contactService')}
    </Button>
  );
}

/** The end time in the visitor's language and time zone; null when unknown or unreadable. */
export function formatMaintenanceEnd(value: string | null, language: Language): string | null {
  if (!value || Number.isNaN(new Date(value).getTime())) return null;
  return formatLongDateTime(value, language);
}

interface MaintenancePageProps {
  maintenanceEnd: string | null;
  liveChat: CustomerServiceLink | null;
  onRetry: () => void;
}

export function MaintenancePage({ maintenanceEnd, liveChat, onRetry }: MaintenancePageProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const endText = formatMaintenanceEnd(maintenanceEnd, language);
  return (
    <StatusPage
      icon="wrench"
      title={t('status.maintenanceTitle')}
      text={t('status.maintenanceText')}
      facts={[{ label: t('status.expectedBack'), value: endText ?? t('status.endUnknown') }]}
      actions={
        <>
          {liveChat ? <ContactServiceButton link={liveChat} /> : null}
          <Button variant="ghost" onClick={onRetry}>
            <Icon name="refresh" size={18} />
            {t('status.checkAgain')}
          </Button>
        </>
      }
    />
  );
}

interface RegionBlockedPageProps {
  ip: string | null;
  country: string | null;
  liveChat: CustomerServiceLink | null;
}

export function RegionBlockedPage({ ip, country, liveChat }: RegionBlockedPageProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const countryName = country ? (new Intl.DisplayNames([INTL_LOCALES[language]], { type: 'region' }).of(country) ?? country) : null;
  return (
    <StatusPage
      icon="ban"
      title={t('status.restrictedTitle')}
      text={t('status.restrictedText')}
      facts={[
        { label: t('status.yourIp'), value: ip ?? t('status.unknown'), valueClassName: styles.ip },
        ...(countryName ? [{ label: t('status.yourRegion'), value: countryName }] : []),
      ]}
      actions={liveChat ? <ContactServiceButton link={liveChat} variant="ghost" /> : null}
    />
  );
}

export function LoadFailedPage({ onRetry, isRetrying }: { onRetry: () => void; isRetrying: boolean }) {
  const { t } = useTranslation();
  return (
    <FullPageMessage
      brand={<Logo />}
      icon="alert"
      title={t('status.failedTitle')}
      text={t('errors.network')}
      actions={
        <Button onClick={onRetry} disabled={isRetrying}>
          <Icon name="refresh" size={18} />
          {t('common.retry')}
        </Button>
      }
    />
  );
}
