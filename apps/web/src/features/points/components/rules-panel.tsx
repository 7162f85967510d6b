import type { PointConfigValue } from '@kismat/contracts/points';
import { useTranslation } from 'react-i18next';
import { type DataColumn, DataTable } from '@/components/ui/data-table';
import { useFormatMoney } from '@/lib/format-money';
import styles from './points.module.css';

type Rate = PointConfigValue['exchangeRates'][number];

/** The rules text and the exchange rate table: how many points each game type and deposits earn. */
export function RulesPanel({ config }: { config: PointConfigValue }) {
  const { t } = useTranslation('loyalty');
  const formatMoney = useFormatMoney();
  const columns: DataColumn<Rate>[] = [
    { id: 'category', label: t('rates.category'), cell: (row) => t(`categories.${row.category}`) },
    {
      id: 'rate',
      label: t('rates.rate'),
      cell: (row) => t('rates.perAmount', { points: row.unitPoints, amount: formatMoney(row.unitAmount) }),
    },
    { id: 'state', label: t('rates.state'), cell: (row) => (row.isEnabled ? t('rates.on') : t('rates.off')) },
  ];
  return (
    <div className={styles.panel}>
      <h3 className={styles.sectionTitle}>{t('rates.title')}</h3>
      <DataTable
        columns={columns}
        rows={config.exchangeRates}
        rowKey={(row) => row.category}
        aria-label={t('rates.title')}
        data-testid="exchange-rates"
        hasTitleCell={false}
      />
      <h3 className={styles.sectionTitle}>{t('rules.title')}</h3>
      <p className={styles.rules}>{config.rules || t('rules.default')}</p>
    </div>
  );
}
