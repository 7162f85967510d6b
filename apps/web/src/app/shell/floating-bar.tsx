import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import blocks from '@/components/ui/blocks.module.css';
import { Icon, type IconName } from '@/components/ui/icon';
import { paths } from '@/config/paths';
import { useUiStore } from '@/stores/ui-store';
import { AppDownloadPanel } from './app-download-panel';
import styles from './floating-bar.module.css';
import { useShellData } from './use-shell-data';

function Tooltip({ children }: { children: ReactNode }) {
  return (
    <span className={styles.tooltip} aria-hidden="true">
      {children}
    </span>
  );
}

function ExternalAction({ href, icon, label }: { href: string; icon: IconName; label: string }) {
  return (
    <li className={styles.item}>
      <a href={href} target="_blank" rel="noopener noreferrer" className={`${blocks.iconButton} ${styles.action}`} aria-label={label}>
        <Icon name={icon} size={20} />
      </a>
      <Tooltip>{label}</Tooltip>
    </li>
  );
}

/** Right-hand quick links: invite, live chat, app QR, two Telegram links, WhatsApp, a toggle. */
export function FloatingBar() {
  const { t } = useTranslation();
  const isCollapsed = useUiStore((state) => state.isFloatingBarCollapsed);
  const toggle = useUiStore((state) => state.toggleFloatingBar);
  const shell = useShellData();
  return (
    <aside className={[styles.bar, isCollapsed ? styles.collapsed : ''].join(' ')} aria-label={t('shell.quickLinks')}>
      <ul id="floating-bar-links" className={styles.list} inert={isCollapsed ? true : undefined}>
        {shell.isReferralEnabled ? (
          <li className={styles.item}>
            <Link
              to={paths.member.getHref('referral')}
              className={`${blocks.iconButton} ${styles.action}`}
              aria-label={t('shell.inviteFriends')}
            >
              <Icon name="userPlus" size={20} />
            </Link>
            <Tooltip>{t('shell.inviteFriends')}</Tooltip>
          </li>
        ) : null}
        {shell.liveChat ? <ExternalAction href={shell.liveChat.url} icon="chat" label={t('service.LIVECHAT')} /> : null}
        <li className={styles.item}>
          <button type="button" className={`${blocks.iconButton} ${styles.action}`} aria-label={t('download.title')}>
            <Icon name="phone" size={20} />
          </button>
          <div className={styles.flyout}>
            <AppDownloadPanel iosUrl={shell.iosDownloadUrl} androidUrl={shell.androidDownloadUrl} />
          </div>
          <Tooltip>{t('download.title')}</Tooltip>
        </li>
        {shell.telegram.map((url, index) => (
          <ExternalAction
            key={url}
            href={url}
            icon="telegram"
            label={shell.telegram.length > 1 ? t('service.telegramNumbered', { number: index + 1 }) : t('service.TELEGRAM')}
          />
        ))}
        {shell.whatsapp ? <ExternalAction href={shell.whatsapp} icon="whatsapp" label={t('service.WHATSAPP')} /> : null}
      </ul>
      <button
        type="button"
        className={`${blocks.circleButton} ${styles.toggle}`}
        onClick={toggle}
        aria-expanded={!isCollapsed}
        aria-controls="floating-bar-links"
        aria-label={isCollapsed ? t('shell.showQuickLinks') : t('shell.hideQuickLinks')}
      >
        <Icon name="chevronRight" size={18} strokeWidth={2.4} />
      </button>
    </aside>
  );
}
