import { Icon } from './icon';
import styles from './pagination.module.css';
import { paginationItems } from './pagination-items';

interface PaginationProps {
  /** 0-based. */
  page: number;
  pageCount: number;
  onChange: (page: number) => void;
  margin?: number;
  range?: number;
  /** Texts come from the caller's messages. */
  labels: { nav: string; previous: string; next: string };
}

/** A pager (margin 1, range 5 by default, as the spec's announcement popups use). */
export function Pagination({ page, pageCount, onChange, margin = 1, range = 5, labels }: PaginationProps) {
  if (pageCount <= 1) return null;
  return (
    <nav className={styles.pagination} aria-label={labels.nav}>
      <button type="button" className={styles.step} onClick={() => onChange(page - 1)} disabled={page <= 0} aria-label={labels.previous}>
        <Icon name="chevronLeft" size={16} />
      </button>
      {paginationItems(page, pageCount, margin, range).map((item) =>
        item.type === 'gap' ? (
          <span key={item.key} className={styles.gap} aria-hidden="true">
            …
          </span>
        ) : (
          <button
            key={item.page}
            type="button"
            className={styles.page}
            aria-current={item.page === page ? 'page' : undefined}
            onClick={() => onChange(item.page)}
          >
            {item.page + 1}
          </button>
        ),
      )}
      <button
        type="button"
        className={styles.step}
        onClick={() => onChange(page + 1)}
        disabled={page >= pageCount - 1}
        aria-label={labels.next}
      >
        <Icon name="chevronRight" size={16} />
      </button>
    </nav>
  );
}
