import { PAGE_SIZE } from '@kismat/contracts/constants';
import type { AnnouncementItem } from '@kismat/contracts/messages';
import DOMPurify from 'dompurify';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '@/components/ui/dialog';
import { Pagination } from '@/components/ui/pagination';
import styles from './notice-dialog.module.css';

interface NoticeDialogProps {
  title: string;
  items: readonly AnnouncementItem[];
  /** The item selected on open (the marquee's clicked index); null opens on the first page. */
  initialIndex: number | null;
  onClose: () => void;
}

/** Announcement HTML comes from the back office: scripts, handlers and frames never reach the page. */
export function sanitiseAnnouncement(html: string): string {
  return DOMPurify.sanitize(html, { USE_PROFILES: { html: true }, FORBID_TAGS: ['style', 'form', 'iframe'], FORBID_ATTR: ['style'] });
}

/**
 * The notice / announcement popup: pages of 9 titles on the left and the selected item's HTML
 * on the right; clicking the selected title again collapses it (spec section 2).
 */
export function NoticeDialog({ title, items, initialIndex, onClose }: NoticeDialogProps) {
  const { t } = useTranslation();
  const pageSize = PAGE_SIZE.NOTICES;
  const [page, setPage] = useState(() => (initialIndex === null ? 0 : Math.floor(initialIndex / pageSize)));
  const [selected, setSelected] = useState<number | null>(initialIndex);
  const pageCount = Math.ceil(items.length / pageSize);
  const pageItems = items.slice(page * pageSize, page * pageSize + pageSize);
  const selectedItem = selected === null ? null : items[selected];
  const html = useMemo(() => (selectedItem ? sanitiseAnnouncement(selectedItem.content) : ''), [selectedItem]);

  return (
    <Dialog isOpen onClose={onClose} title={title} width={880} height={420} className={styles.dialog}>
      <div className={styles.layout} data-has-detail={selectedItem ? '' : undefined}>
        <div className={styles.side}>
          <ul className={styles.titles}>
            {pageItems.map((item, offset) => {
              const index = page * pageSize + offset;
              const isSelected = index === selected;
              return (
                <li key={item.id}>
                  <button
                    type="button"
                    className={styles.title}
                    aria-expanded={isSelected}
                    onClick={() => setSelected(isSelected ? null : index)}
                  >
                    <span className={styles.dot} aria-hidden="true" />
                    <span className={styles.titleText}>{item.title}</span>
                  </button>
                </li>
              );
            })}
          </ul>
          <Pagination
            page={page}
            pageCount={pageCount}
            onChange={(next) => {
              setPage(next);
              setSelected(null);
            }}
            labels={{ nav: t('home.notices.pages'), previous: t('home.notices.previous'), next: t('home.notices.next') }}
          />
        </div>
        <article className={styles.detail} aria-live="polite">
          {selectedItem ? (
            <>
              <h3 className={styles.detailTitle}>{selectedItem.title}</h3>
              {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by DOMPurify above. */}
              <div className={styles.content} dangerouslySetInnerHTML={{ __html: html }} />
            </>
          ) : (
            <p className={styles.hint}>{items.length === 0 ? t('home.notices.empty') : t('home.notices.pick')}</p>
          )}
        </article>
      </div>
    </Dialog>
  );
}
