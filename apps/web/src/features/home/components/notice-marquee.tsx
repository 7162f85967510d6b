import type { AnnouncementItem } from '@kismat/contracts/messages';
import { useTranslation } from 'react-i18next';
import { Icon } from '@/components/ui/icon';
import styles from './notice-marquee.module.css';

interface NoticeMarqueeProps {
  notices: readonly AnnouncementItem[];
  onOpen: (index: number) => void;
}

/** The notice marquee: each title scrolls past; a click opens the notice popup at that index. */
export function NoticeMarquee({ notices, onOpen }: NoticeMarqueeProps) {
  const { t } = useTranslation();
  if (notices.length === 0) return null;
  // Slow enough to read: about 9 s per notice, never under 20 s for the whole strip.
  const duration = Math.max(20, notices.length * 9);
  return (
    <section className={styles.marquee} aria-label={t('home.notices.label')}>
      <span className={styles.badge}>
        <Icon name="info" size={16} />
        <span className={styles.badgeText}>{t('home.notices.badge')}</span>
      </span>
      <div className={styles.viewport}>
        <ul className={styles.track} style={{ animationDuration: `${duration}s` }}>
          {notices.map((notice, index) => (
            <li key={notice.id}>
              <button type="button" className={styles.item} onClick={() => onOpen(index)}>
                {notice.title}
              </button>
            </li>
          ))}
        </ul>
      </div>
      <button type="button" className={styles.all} onClick={() => onOpen(0)}>
        {t('home.notices.all')}
      </button>
    </section>
  );
}
