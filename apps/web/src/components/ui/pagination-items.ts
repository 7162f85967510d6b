export type PaginationItem = { type: 'page'; page: number } | { type: 'gap'; key: string };

/**
 * The pages a pager shows (0-based), in the style of react-paginate: `margin` pages at each end
 * and a window of `range` pages around the current one; gaps stand for the hidden runs.
 */
export function paginationItems(current: number, pageCount: number, margin = 1, range = 5): PaginationItem[] {
  if (pageCount <= 0) return [];
  if (pageCount <= range + 2 * margin) return Array.from({ length: pageCount }, (_, page) => ({ type: 'page', page }));
  let start = Math.max(0, current - Math.floor(range / 2));
  const end = Math.min(pageCount - 1, start + range - 1);
  start = Math.max(0, end - range + 1);
  const shown = new Set<number>();
  for (let page = 0; page < margin; page += 1) shown.add(page);
  for (let page = start; page <= end; page += 1) shown.add(page);
  for (let page = pageCount - margin; page < pageCount; page += 1) shown.add(page);
  const items: PaginationItem[] = [];
  let previous = -1;
  for (const page of [...shown].sort((left, right) => left - right)) {
    if (page - previous > 1) items.push({ type: 'gap', key: `gap-${previous}` });
    items.push({ type: 'page', page });
    previous = page;
  }
  return items;
}
