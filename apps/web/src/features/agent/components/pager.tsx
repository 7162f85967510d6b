import { useTranslation } from 'react-i18next';
import { Pagination } from '@/components/ui/pagination';

/** The shared pager over 1-based server pages. */
export function Pager({
  pageNo,
  pageSize,
  total,
  onChange,
}: {
  pageNo: number;
  pageSize: number;
  total: number;
  onChange: (pageNo: number) => void;
}) {
  const { t } = useTranslation();
  return (
    <Pagination
      page={pageNo - 1}
      pageCount={Math.max(1, Math.ceil(total / pageSize))}
      onChange={(page) => onChange(page + 1)}
      labels={{ nav: t('agentCentre.pager.nav'), previous: t('agentCentre.pager.previous'), next: t('agentCentre.pager.next') }}
    />
  );
}
