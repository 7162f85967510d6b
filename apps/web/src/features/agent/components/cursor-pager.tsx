import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Pagination } from '@/components/ui/pagination';

/**
 * The pages of a cursor-paged agent list (the team, its transactions): the server pages by keyset,
 * so page n+1 is reachable once page n answered its nextCursor; pages seen stay reachable (their
 * cursors stay valid). A filter that changes the rows starts again at page 1: wrap its setter in
 * `firstPageAfter`.
 */
export function useCursorPages() {
  // cursors[i] opens page i + 2 (the first page needs none).
  const [state, setState] = useState<{ page: number; cursors: string[] }>({ page: 0, cursors: [] });
  const cursor = state.page === 0 ? undefined : state.cursors[state.page - 1];
  const firstPageAfter =
    <Value,>(set: (value: Value) => void) =>
    (value: Value) => {
      set(value);
      setState({ page: 0, cursors: [] });
    };
  const goTo = (page: number, nextCursor: string | null) =>
    setState((current) => {
      const cursors = [...current.cursors];
      if (page === current.page + 1 && nextCursor && cursors[current.page] === undefined) cursors[current.page] = nextCursor;
      return page === 0 || cursors[page - 1] !== undefined ? { page, cursors } : current;
    });
  return { page: state.page, knownPages: state.cursors.length + 1, cursor, goTo, firstPageAfter };
}

/** The pager of a cursor-paged list: the pages seen so far and the next one when there is one. */
export function CursorPager({ pages, nextCursor }: { pages: ReturnType<typeof useCursorPages>; nextCursor: string | null }) {
  const { t } = useTranslation();
  const pageCount = Math.max(pages.knownPages, pages.page + 1 + (nextCursor ? 1 : 0));
  return (
    <Pagination
      page={pages.page}
      pageCount={pageCount}
      onChange={(page) => pages.goTo(page, nextCursor)}
      labels={{ nav: t('agentCentre.pager.nav'), previous: t('agentCentre.pager.previous'), next: t('agentCentre.pager.next') }}
    />
  );
}
