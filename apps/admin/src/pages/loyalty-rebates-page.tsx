import type { OperatorMe } from '@kismat/contracts/operator-accounts';
import { OPERATOR_REBATE_PATHS, REBATE_CATEGORIES, type RebateCategory, type RebateClaimValue } from '@kismat/contracts/rebates';
import { useCallback, useState } from 'react';
import { api } from '../api';
import { DataTable, ListTable, MoneyCell, numeric, Pager } from '../components/data-table';
import { FeedbackBanner } from '../components/feedback';
import { CheckboxField, InputCell, Options, patchAt, TextField } from '../components/fields';
import { Page } from '../components/page';
import { TableEditorCard } from '../components/table-editor-card';
import { useTableEditor } from '../components/use-action';
import { useLoaded } from '../components/use-loaded';
import { formatMoney, formatTime } from '../format';
import { canManage } from '../roles';
import { merchantPath } from './loyalty-hub';

interface TableLevel {
  levelRank: number;
  dailyCap: string;
  rates: Record<RebateCategory, string>;
}
interface Settings {
  minimumClaim: string;
  isAutoDailyOn: boolean;
  autoDailyHour: number;
  excludesPromotionPlay: boolean;
}
type Claim = RebateClaimValue & { memberId: number };
const PAGE_SIZE = 20;
const HOURS = Array.from({ length: 24 }, (_, hour) => hour);

/** "0.80" (%) from basis points, and back; the table is edited in percent as the member reads it. */
const percentOf = (bp: number) => (bp / 100).toFixed(2);
function bpOf(text: string): number {
  const match = /^(\d{1,2})(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!match) return Number.NaN;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** The rebate table by level and game type (percent of valid bet, daily cap), the claim settings and every claim. */
export function LoyaltyRebatesPage({ me, code }: { me: OperatorMe; code: string }) {
  const [levels, setLevels] = useState<TableLevel[] | null>(null);
  const [settings, setSettings] = useState<Settings | null>(null);
  const [page, setPage] = useState(1);
  const mayEdit = canManage(me);

  const { feedback, setFeedback, isBusy, run } = useTableEditor(
    merchantPath(OPERATOR_REBATE_PATHS.table, code),
    merchantPath(OPERATOR_REBATE_PATHS.settings, code),
    useCallback(
      (
        table: { levels: { levelRank: number; dailyCap: string | null; rates: { category: RebateCategory; rateBp: number }[] }[] },
        loaded: Settings,
      ) => {
        setLevels(
          table.levels.map((level) => ({
            levelRank: level.levelRank,
            dailyCap: level.dailyCap ?? '',
            rates: Object.fromEntries(
              REBATE_CATEGORIES.map((category) => [
                category,
                percentOf(level.rates.find((rate) => rate.category === category)?.rateBp ?? 0),
              ]),
            ) as Record<RebateCategory, string>,
          })),
        );
        setSettings(loaded);
      },
      [],
    ),
    { loadFailure: 'The rebate table could not be loaded.', saveFailure: 'The rebate table could not be saved.' },
  );

  const { data: claims, error: claimsError } = useLoaded(
    useCallback(
      () =>
        api<{ list: Claim[]; total: number }>(
          'GET',
          `${merchantPath(OPERATOR_REBATE_PATHS.claims, code)}?pageNo=${page}&pageSize=${PAGE_SIZE}`,
        ),
      [code, page],
    ),
    'The claims could not be loaded.',
  );

  const save = async () => {
    if (!levels || !settings) return;
    const body = levels.map((level) => ({
      levelRank: level.levelRank,
      dailyCap: level.dailyCap.trim() === '' ? null : level.dailyCap.trim(),
      rates: REBATE_CATEGORIES.map((category) => ({ category, rateBp: bpOf(level.rates[category]) })),
    }));
    if (body.some((level) => level.rates.some((rate) => Number.isNaN(rate.rateBp)))) {
      setFeedback({ tone: 'error', text: 'Rates are percentages with up to two decimals, for example 0.80.' });
      return;
    }
    await run(async () => {
      await api('PUT', merchantPath(OPERATOR_REBATE_PATHS.table, code), { levels: body });
      await api('PUT', merchantPath(OPERATOR_REBATE_PATHS.settings, code), settings);
    }, 'Rebate table and settings saved.');
  };

  const setLevel = (index: number, patch: Partial<TableLevel>) => setLevels((current) => (current ? patchAt(current, index, patch) : null));

  return (
    <Page id="rebates" title="Rebates">
      <FeedbackBanner feedback={feedback} onClose={() => setFeedback(null)} />
      {settings ? (
        <div className="filters card">
          <TextField
            label="Minimum claim"
            value={settings.minimumClaim}
            inputMode="decimal"
            disabled={!mayEdit}
            onChange={(value) => setSettings({ ...settings, minimumClaim: value })}
          />
          <CheckboxField
            label="Automatic daily rebate at"
            checked={settings.isAutoDailyOn}
            disabled={!mayEdit}
            onChange={(isAutoDailyOn) => setSettings({ ...settings, isAutoDailyOn })}
          />
          <label className="field compact">
            <span>Hour (site time)</span>
            <select
              value={settings.autoDailyHour}
              disabled={!mayEdit}
              onChange={(event) => setSettings({ ...settings, autoDailyHour: Number(event.target.value) })}
            >
              <Options values={HOURS} text={(hour) => `${String(hour).padStart(2, '0')}:00`} />
            </select>
          </label>
          <CheckboxField
            label="No rebate on play paying off a promotion's turnover"
            checked={settings.excludesPromotionPlay}
            disabled={!mayEdit}
            onChange={(excludesPromotionPlay) => setSettings({ ...settings, excludesPromotionPlay })}
          />
        </div>
      ) : null}
      <TableEditorCard rows={levels} mayEdit={mayEdit} isBusy={isBusy} saveText="Save rebates" onSave={save}>
        {(levels) => (
          <>
            <DataTable
              headings={['VIP rank', numeric('Daily cap'), ...REBATE_CATEGORIES.map((category) => numeric(`${category.toLowerCase()} %`))]}
            >
              {levels.map((level, index) => (
                <tr key={level.levelRank} data-testid={`rebate-rank-${level.levelRank}`}>
                  <td data-label="VIP rank">{level.levelRank === 0 ? '0 (no level)' : level.levelRank}</td>
                  <InputCell
                    column="Daily cap"
                    className="num"
                    aria-label={`Rank ${level.levelRank} daily cap`}
                    value={level.dailyCap}
                    placeholder="no cap"
                    inputMode="decimal"
                    disabled={!mayEdit}
                    onChange={(value) => setLevel(index, { dailyCap: value })}
                  />
                  {REBATE_CATEGORIES.map((category) => (
                    <InputCell
                      key={category}
                      column={`${category.toLowerCase()} %`}
                      className="num"
                      aria-label={`Rank ${level.levelRank} ${category} percent`}
                      value={level.rates[category]}
                      inputMode="decimal"
                      disabled={!mayEdit}
                      onChange={(value) => setLevel(index, { rates: { ...level.rates, [category]: value } })}
                    />
                  ))}
                </tr>
              ))}
            </DataTable>
          </>
        )}
      </TableEditorCard>
      <h2>Claims</h2>
      <ListTable
        error={claimsError}
        rows={claims?.list}
        empty="No rebate claimed yet."
        headings={['#', 'Member', 'Kind', 'By game type', numeric('Amount'), numeric('Turnover'), 'Time']}
        row={(claim) => (
          <tr key={claim.claimId} data-testid={`rebate-claim-${claim.claimId}`}>
            <td data-label="#">{claim.claimId}</td>
            <td data-label="Member">#{claim.memberId}</td>
            <td data-label="Kind">{claim.kind.toLowerCase()}</td>
            <td data-label="By game type">
              {claim.breakdown.map((part) => `${part.category.toLowerCase()} ${formatMoney(part.amount)}`).join(', ')}
            </td>
            <td data-label="Amount" className="num strong">
              {formatMoney(claim.amount)}
            </td>
            <MoneyCell label="Turnover" amount={claim.turnoverRequired} />
            <td data-label="Time">{formatTime(claim.createdAt)}</td>
          </tr>
        )}
      />
      {claims ? <Pager pageNo={page} pageSize={PAGE_SIZE} total={claims.total} noun="claims" onPage={setPage} /> : null}
    </Page>
  );
}
