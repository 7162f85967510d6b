import { useTranslation } from 'react-i18next';
import type { DataColumn } from '@/components/ui/data-table';
import { useFormatMoney } from '@/lib/format-money';
import { profitClass } from './record-totals';

interface AmountRow {
  betAmount: string;
  payout: string;
  profit: string;
}

/** The bet, payout and profit columns both records pages end with (profit coloured by its sign). */
export function useAmountColumns<Row extends AmountRow>(): DataColumn<Row>[] {
  const { t } = useTranslation();
  const formatMoney = useFormatMoney();
  return [
    { id: 'bet', label: t('records.columns.bet'), isNumber: true, cell: (row) => formatMoney(row.betAmount) },
    { id: 'payout', label: t('records.columns.payout'), isNumber: true, cell: (row) => formatMoney(row.payout) },
    {
      id: 'profit',
      label: t('records.columns.profit'),
      isNumber: true,
      cellClassName: (row) => profitClass(row.profit),
      cell: (row) => formatMoney(row.profit),
    },
  ];
}
