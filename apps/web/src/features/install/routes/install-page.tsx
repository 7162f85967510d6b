import { useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { Icon } from '@/components/ui/icon';
import { PageFrame } from '@/components/ui/page-frame';
import { QrCode } from '@/components/ui/qr-code';
import { detectPlatform, getInstallState, type InstallPlatform, promptInstall, subscribeInstallState } from '../install-prompt';
import styles from './install-page.module.css';

/** The path the app-download QR codes and links open (also in the server's seeded resources). */
export const INSTALL_PATH = '/app';

type Outcome = 'idle' | 'prompting' | 'accepted' | 'dismissed';

function usePlatform(): InstallPlatform {
  const [searchParams] = useSearchParams();
  const asked = searchParams.get('platform');
  // A QR code names the platform it was printed for; the phone that scanned it decides otherwise.
  const detected = typeof navigator === 'undefined' ? 'other' : detectPlatform(navigator.userAgent, navigator.maxTouchPoints ?? 0);
  if (detected !== 'other') return detected;
  return asked === 'ios' || asked === 'android' ? asked : 'other';
}

function Steps({ platform }: { platform: 'ios' | 'android' }) {
  const { t } = useTranslation('install');
  return (
    <section className={styles.card} aria-labelledby={`install-${platform}`}>
      <h2 id={`install-${platform}`} className={styles.cardTitle}>
        <Icon name={platform === 'ios' ? 'apple' : 'android'} size={18} />
        {t(`${platform}.title`)}
      </h2>
      <ol className={styles.steps}>
        <li>{t(`${platform}.step1`)}</li>
        <li>{t(`${platform}.step2`)}</li>
        <li>{t(`${platform}.step3`)}</li>
      </ol>
    </section>
  );
}

/**
 * /app: installing the site as an app (web app manifest + service worker). The browser's own
 * install dialog where it offers one (beforeinstallprompt), Add to Home Screen steps on iOS and
 * as a fallback, and a QR code so a visitor on a computer can open the page on a phone.
 */
export function InstallRoute() {
  const { t } = useTranslation('install');
  const state = useSyncExternalStore(subscribeInstallState, getInstallState, () => 'unknown' as const);
  const platform = usePlatform();
  const [outcome, setOutcome] = useState<Outcome>('idle');
  const pageUrl = typeof window === 'undefined' ? INSTALL_PATH : new URL(INSTALL_PATH, window.location.origin).href;

  const install = async () => {
    setOutcome('prompting');
    const result = await promptInstall().catch(() => 'dismissed' as const);
    setOutcome(result === 'accepted' ? 'accepted' : 'dismissed');
  };

  const isInstalled = state === 'installed' || outcome === 'accepted';
  const order: Array<'ios' | 'android'> = platform === 'ios' ? ['ios', 'android'] : ['android', 'ios'];

  return (
    <PageFrame title={t('title')} subtitle={t('lead')} icon="download">
      <div className={styles.layout}>
        <div className={styles.main}>
          {isInstalled ? (
            <p className={styles.status} role="status">
              <Icon name="check" size={18} /> {t('installed')}
            </p>
          ) : state === 'available' || outcome === 'prompting' ? (
            <div className={styles.action}>
              <img className={styles.appIcon} src="/icons/icon-192.png" alt="" width={64} height={64} />
              <Button size="large" onClick={() => void install()} disabled={outcome === 'prompting'}>
                <Icon name="download" size={18} /> {outcome === 'prompting' ? t('installing') : t('install')}
              </Button>
            </div>
          ) : null}
          {outcome === 'dismissed' && !isInstalled ? (
            <p className={styles.note} role="status">
              {t('dismissed')}
            </p>
          ) : null}
          {isInstalled ? null : order.map((entry) => <Steps key={entry} platform={entry} />)}
        </div>
        {platform === 'other' ? (
          <aside className={styles.qr}>
            <QrCode value={pageUrl} size={148} label={t('qrLabel')} />
            <p className={styles.note}>{t('scan')}</p>
          </aside>
        ) : null}
      </div>
    </PageFrame>
  );
}
