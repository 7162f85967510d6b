import type { OperatorMe } from '@kismat/contracts/operator-accounts';
import { OPERATOR_POINTS_PATHS, POINTS_CATEGORIES, type PointsCategory } from '@kismat/contracts/points';
import { useCallback, useState } from 'react';
import { api } from '../api';
import { DataTable, numeric } from '../components/data-table';
import { FeedbackBanner } from '../components/feedback';
import { CheckboxField, InputCell, patchAt, TextField } from '../components/fields';
import { Page } from '../components/page';
import { TableEditorCard } from '../components/table-editor-card';
import { useTableEditor } from '../components/use-action';
import { canManage } from '../roles';
import { merchantPath } from './loyalty-hub';

interface RateRow {
  category: PointsCategory;
  unitPoints: string;
  unitAmount: string;
  isEnabled: boolean;
}
interface Settings {
  conversionPoints: number;
  conversionAmount: string;
  minConvertPoints: number;
  turnoverMultiplier: number;
  isConversionEnabled: boolean;
  rules: { bn: string; en: string; sw: string };
}

/** The exchange rate table (points per amount of valid bet or deposit, per game type) and the conversion to cash. */
export function LoyaltyRatesPage({ me, code }: { me: OperatorMe; code: string }) {
  const [rows, setRows] = useState<RateRow[] | null>(null);
  const [settings, setSettings] = useState<Settings | null>(null);
  const mayEdit = canManage(me);

  const { feedback, setFeedback, isBusy, run } = useTableEditor(
    merchantPath(OPERATOR_POINTS_PATHS.exchangeRates, code),
    merchantPath(OPERATOR_POINTS_PATHS.settings, code),
    useCallback(
      (rates: { rates: { category: PointsCategory; unitPoints: number; unitAmount: string; isEnabled: boolean }[] }, loaded: Settings) => {
        // Every category is listed: one without a row earns nothing until the operator fills it in.
        setRows(
          POINTS_CATEGORIES.map((category) => {
            const found = rates.rates.find((rate) => rate.category === category);
            return found
              ? { category, unitPoints: String(found.unitPoints), unitAmount: found.unitAmount, isEnabled: found.isEnabled }
              : { category, unitPoints: '', unitAmount: '', isEnabled: false };
          }),
        );
        setSettings(loaded);
      },
      [],
    ),
    { loadFailure: 'The points settings could not be loaded.' },
  );

  const saveRates = async () => {
    if (!rows) return;
    await run(
      async () => {
        const rates = rows
          .filter((row) => row.unitPoints.trim() !== '' && row.unitAmount.trim() !== '')
          .map((row) => ({
            category: row.category,
            unitPoints: Number(row.unitPoints),
            unitAmount: row.unitAmount.trim(),
            isEnabled: row.isEnabled,
          }));
        await api('PUT', merchantPath(OPERATOR_POINTS_PATHS.exchangeRates, code), { rates });
      },
      'Exchange rate table saved.',
      'The table could not be saved.',
    );
  };

  const saveSettings = async () => {
    if (!settings) return;
    await run(
      () => api('PUT', merchantPath(OPERATOR_POINTS_PATHS.settings, code), settings),
      'Conversion settings saved.',
      'The settings could not be saved.',
    );
  };

  const setRow = (index: number, patch: Partial<RateRow>) => setRows((current) => (current ? patchAt(current, index, patch) : null));
  const number = (value: string) => (/^\d+$/.test(value) ? Number(value) : 0);

  return (
    <Page id="rates" title="Points exchange rates">
      <FeedbackBanner feedback={feedback} onClose={() => setFeedback(null)} />
      <TableEditorCard rows={rows} mayEdit={mayEdit} isBusy={isBusy} saveText="Save table" onSave={saveRates}>
        {(rows) => (
          <>
            <DataTable headings={['Source', numeric('Points'), numeric('Per amount'), 'Earning']}>
              {rows.map((row, index) => (
                <tr key={row.category} data-testid={`rate-${row.category}`}>
                  <td data-label="Source">{row.category.toLowerCase()}</td>
                  <InputCell
                    column="Points"
                    className="num"
                    aria-label={`${row.category} points`}
                    value={row.unitPoints}
                    inputMode="numeric"
                    disabled={!mayEdit}
                    onChange={(value) => setRow(index, { unitPoints: value })}
                  />
                  <InputCell
                    column="Per amount"
                    className="num"
                    aria-label={`${row.category} amount`}
                    value={row.unitAmount}
                    inputMode="decimal"
                    disabled={!mayEdit}
                    onChange={(value) => setRow(index, { unitAmount: value })}
                  />
                  <td data-label="Earning">
                    <input
                      type="checkbox"
                      aria-label={`${row.category} earning`}
                      checked={row.isEnabled}
                      disabled={!mayEdit}
                      onChange={(event) => setRow(index, { isEnabled: event.target.checked })}
                    />
                  </td>
                </tr>
              ))}
            </DataTable>
          </>
        )}
      </TableEditorCard>
      {settings ? (
        <form
          className="card form"
          onSubmit={(event) => {
            event.preventDefault();
            void saveSettings();
          }}
        >
          <h2>Conversion to cash</h2>
          <div className="field-row">
            <TextField
              label="Points per unit"
              value={String(settings.conversionPoints)}
              inputMode="numeric"
              disabled={!mayEdit}
              onChange={(value) => setSettings({ ...settings, conversionPoints: number(value) })}
            />
            <TextField
              label="Cash per unit"
              value={settings.conversionAmount}
              inputMode="decimal"
              disabled={!mayEdit}
              onChange={(value) => setSettings({ ...settings, conversionAmount: value })}
            />
            <TextField
              label="Minimum points"
              value={String(settings.minConvertPoints)}
              inputMode="numeric"
              disabled={!mayEdit}
              onChange={(value) => setSettings({ ...settings, minConvertPoints: number(value) })}
            />
            <TextField
              label="Turnover ×"
              value={String(settings.turnoverMultiplier)}
              inputMode="numeric"
              disabled={!mayEdit}
              onChange={(value) => setSettings({ ...settings, turnoverMultiplier: number(value) })}
            />
          </div>
          <CheckboxField
            label="Members may convert points to cash"
            checked={settings.isConversionEnabled}
            disabled={!mayEdit}
            onChange={(isConversionEnabled) => setSettings({ ...settings, isConversionEnabled })}
          />
          {(['bn', 'en', 'sw'] as const).map((language) => (
            <label key={language} className="field">
              <span>Rules ({language.toUpperCase()})</span>
              <textarea
                rows={3}
                value={settings.rules[language]}
                disabled={!mayEdit}
                onChange={(event) => setSettings({ ...settings, rules: { ...settings.rules, [language]: event.target.value } })}
              />
            </label>
          ))}
          {mayEdit ? (
            <div className="actions">
              <button type="submit" className="button primary" disabled={isBusy}>
                Save conversion
              </button>
            </div>
          ) : null}
        </form>
      ) : null}
    </Page>
  );
}
