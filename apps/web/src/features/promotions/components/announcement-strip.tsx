import type { AnnouncementItem } from '@kismat/contracts/messages';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '@/components/ui/dialog';
import { promotionBodyHtml } from '../utils/promotion-text';
import styles from './announcements.module.css';

/** Promotion announcements (type PR): their images by sequence; a tap opens the whole text. */
export function AnnouncementStrip({ items }: { items: readonly AnnouncementItem[] }) {
  const { t } = useTranslation('promotions');
  const [openId, setOpenId] = useState<number | null>(null);
  const open = items.find((item) => item.id === openId) ?? null;
  if (items.length === 0) return null;
  return (
    <section className={styles.strip} aria-labelledby="promotion-announcements-title">
      <h2 id="promotion-announcements-title" className={styles.title}>
        {t('announcements.title')}
      </h2>
      <ul className={styles.list}>
        {items.map((item) => {
          const images = [...item.announcementImages].sort((a, b) => a.sequence - b.sequence);
          const cover = images[0];
          return (
            <li key={item.id}>
              <button type="button" className={styles.item} onClick={() => setOpenId(item.id)} data-testid="promotion-announcement">
                {cover ? <img src={cover.url} alt="" loading="lazy" decoding="async" /> : <span className={styles.noImage} />}
                <span className={styles.caption}>{item.title}</span>
              </button>
            </li>
          );
        })}
      </ul>
      <Dialog isOpen={open !== null} onClose={() => setOpenId(null)} title={open?.title ?? ''} width="min(640px, 94vw)" height="auto">
        {open ? (
          <div className={styles.body}>
            {[...open.announcementImages]
              .sort((a, b) => a.sequence - b.sequence)
              .map((image) => (
                <img key={image.sequence} src={image.url} alt="" className={styles.bodyImage} loading="lazy" />
              ))}
            {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by DOMPurify in promotionBodyHtml */}
            <div className={styles.text} dangerouslySetInnerHTML={{ __html: promotionBodyHtml(open.content) }} />
          </div>
        ) : null}
      </Dialog>
    </section>
  );
}
