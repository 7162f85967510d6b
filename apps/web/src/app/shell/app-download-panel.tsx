import { useTranslation } from 'react-i18next';
import { Icon } from '@/components/ui/icon';
import { QrCode } from '@/components/ui/qr-code';
import styles from './app-download-panel.module.css';

interface AppDownloadPanelProps {
  iosUrl: string | null;
  androidUrl: string | null;
}

/** A resource link is a path of this site (the install page, /app) or a full address elsewhere. */
function resolveLink(url: string): { href: string; isOwnSite: boolean } {
  const resolved = new URL(url, window.location.origin);
  return { href: resolved.href, isOwnSite: resolved.origin === window.location.origin };
}

/** QR codes for the iOS and Android apps, built from the permission `resources` links. */
export function AppDownloadPanel({ iosUrl, androidUrl }: AppDownloadPanelProps) {
  const { t } = useTranslation();
  const apps = [
    { key: 'ios', url: iosUrl, icon: 'apple', name: t('download.ios') },
    { key: 'android', url: androidUrl, icon: 'android', name: t('download.android') },
  ] as const;
  const available = apps.filter((app) => app.url !== null);
  return (
    <div className={styles.panel}>
      <p className={styles.title}>{t('download.title')}</p>
      {available.length === 0 ? (
        <p className={styles.empty}>{t('download.unavailable')}</p>
      ) : (
        <div className={styles.codes}>
          {available.map((app) => {
            const link = resolveLink(app.url ?? '/');
            return (
              <div key={app.key} className={styles.code}>
                {/* A QR code is scanned by another device: it always carries the full address. */}
                <QrCode value={link.href} size={116} label={t('download.qrLabel', { platform: app.name })} />
                <a href={link.href} {...(link.isOwnSite ? {} : { target: '_blank', rel: 'noopener noreferrer' })}>
                  <Icon name={app.icon} size={16} />
                  {app.name}
                </a>
              </div>
            );
          })}
        </div>
      )}
    </div>
  );
}
