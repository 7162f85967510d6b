import type { OperatorMe } from '@kismat/contracts/operator-accounts';
import { OPERATOR_REBATE_PATHS, REBATE_CATEGORIES, type RebateCategory, type RebateClaimValue } from '@kismat/contracts/rebates';
import { useCallback, useEffect, useState } from 'react';
import { api, failureText } from '../api';
import { DataTable, ListStatus, Pager } from '../components/data-table';
import { type Feedback, FeedbackBanner } from '../components/feedback';
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
  const [claims, setClaims] = useState<{ list: Claim[]; total: number } | null>(null);
  const [page, setPage] = useState(1);
  const [claimsError, setClaimsError] = useState<string | null>(null);
  const [feedback, setFeedback] = useState<Feedback | null>(null);
  const [isBusy, setIsBusy] = useState(false);
  const mayEdit = canManage(me);

  const load = useCallback(async () => {
    try {
      const [table, loaded] = await Promise.all([
        api<{ levels: { levelRank: number; dailyCap: string | null; rates: { category: RebateCategory; rateBp: number }[] }[] }>(
          'GET',
          merchantPath(OPERATOR_REBATE_PATHS.table, code),
        ),
        api<Settings>('GET', merchantPath(OPERATOR_REBATE_PATHS.settings, code)),
      ]);
      setLevels(
        table.levels.map((level) => ({
          levelRank: level.levelRank,
          dailyCap: level.dailyCap ?? '',
          rates: Object.fromEntries(
            REBATE_CATEGORIES.map((category) => [category, percentOf(level.rates.find((rate) => rate.category === category)?.rateBp ?? 0)]),
          ) as Record<RebateCategory, string>,
        })),
      );
      setSettings(loaded);
    } catch (caught) {
      setFeedback({ tone: 'error', text: failureText(caught, 'The rebate table could not be loaded.') });
    }
  }, [code]);

  const loadClaims = useCallback(async () => {
    setClaimsError(null);
    try {
      setClaims(
        await api<{ list: Claim[]; total: number }>(
          'GET',
          `${merchantPath(OPERATOR_REBATE_PATHS.claims, code)}?pageNo=${page}&pageSize=${PAGE_SIZE}`,
        ),
      );
    } catch (caught) {
      setClaimsError(failureText(caught, 'The claims could not be loaded.'));
    }
  }, [code, page]);

  useEffect(() => {
    void load();
  }, [load]);
  useEffect(() => {
    void loadClaims();
  }, [loadClaims]);

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
    setIsBusy(true);
    try {
      await api('PUT', merchantPath(OPERATOR_REBATE_PATHS.table, code), { levels: body });
      await api('PUT', merchantPath(OPERATOR_REBATE_PATHS.settings, code), settings);
      setFeedback({ tone: 'success', text: 'Rebate table and settings saved.' });
      await load();
    } catch (caught) {
      setFeedback({ tone: 'error', text: failureText(caught, 'The rebate table could not be saved.') });
    } finally {
      setIsBusy(false);
    }
  };

  const setLevel = (index: number, patch: Partial<TableLevel>) =>
    setLevels((current) => current?.map((level, at) => (at === index ? { ...level, ...patch } : level)) ?? null);

  return (
    <section aria-labelledby="rebates-title">
      <div className="section-head">
        <h1 id="rebates-title">Rebates</h1>
      </div>
      <FeedbackBanner feedback={feedback} onClose={() => setFeedback(null)} />
      {settings ? (
        <div className="filters card">
          <label className="field compact">
            <span>Minimum claim</span>
            <input
              value={settings.minimumClaim}
              inputMode="decimal"
              disabled={!mayEdit}
              onChange={(event) => setSettings({ ...settings, minimumClaim: event.target.value })}
            />
          </label>
          <label className="field-row">
            <input
              type="checkbox"
              checked={settings.isAutoDailyOn}
              disabled={!mayEdit}
              onChange={(event) => setSettings({ ...settings, isAutoDailyOn: event.target.checked })}
            />
            <span>Automatic daily rebate at</span>
          </label>
          <label className="field compact">
            <span>Hour (site time)</span>
            <select
              value={settings.autoDailyHour}
              disabled={!mayEdit}
              onChange={(event) => setSettings({ ...settings, autoDailyHour: Number(event.target.value) })}
            >
              {HOURS.map((hour) => (
                <option key={hour} value={hour}>
                  {String(hour).padStart(2, '0')}:00
                </option>
              ))}
            </select>
          </label>
          <label className="field-row">
            <input
              type="checkbox"
              checked={settings.excludesPromotionPlay}
              disabled={!mayEdit}
              onChange={(event) => setSettings({ ...settings, excludesPromotionPlay: event.target.checked })}
            />
            <span>No rebate on play paying off a promotion's turnover</span>
          </label>
        </div>
      ) : null}
      {levels ? (
        <div className="card">
          <DataTable
            headings={[
              'VIP rank',
              { label: 'Daily cap', className: 'num' },
              ...REBATE_CATEGORIES.map((category) => ({ label: `${category.toLowerCase()} %`, className: 'num' })),
            ]}
          >
            {levels.map((level, index) => (
              <tr key={level.levelRank} data-testid={`rebate-rank-${level.levelRank}`}>
                <td data-label="VIP rank">{level.levelRank === 0 ? '0 (no level)' : level.levelRank}</td>
                <td data-label="Daily cap" className="num">
                  <input
                    aria-label={`Rank ${level.levelRank} daily cap`}
                    value={level.dailyCap}
                    placeholder="no cap"
                    inputMode="decimal"
                    disabled={!mayEdit}
                    onChange={(event) => setLevel(index, { dailyCap: event.target.value })}
                  />
                </td>
                {REBATE_CATEGORIES.map((category) => (
                  <td key={category} data-label={`${category.toLowerCase()} %`} className="num">
                    <input
                      aria-label={`Rank ${level.levelRank} ${category} percent`}
                      value={level.rates[category]}
                      inputMode="decimal"
                      disabled={!mayEdit}
                      onChange={(event) => setLevel(index, { rates: { ...level.rates, [category]: event.target.value } })}
                    />
                  </td>
                ))}
              </tr>
            ))}
          </DataTable>
          {mayEdit ? (
            <div className="actions">
              <button type="button" className="button primary" disabled={isBusy} onClick={() => void save()}>
                Save rebates
              </button>
            </div>
          ) : null}
        </div>
      ) : (
        <p className="empty">Loading…</p>
      )}
      <h2>Claims</h2>
      <ListStatus error={claimsError} rows={claims?.list} empty="No rebate claimed yet." />
      {claims && claims.list.length > 0 ? (
        <DataTable
          headings={[
            '#',
            'Member',
            'Kind',
            'By game type',
            { label: 'Amount', className: 'num' },
            { label: 'Turnover', className: 'num' },
            'Time',
          ]}
        >
          {claims.list.map((claim) => (
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
              <td data-label="Turnover" className="num">
                {formatMoney(claim.turnoverRequired)}
              </td>
              <td data-label="Time">{formatTime(claim.createdAt)}</td>
            </tr>
          ))}
        </DataTable>
      ) : null}
      {claims ? <Pager pageNo={page} pageSize={PAGE_SIZE} total={claims.total} noun="claims" onPage={setPage} /> : null}
    </section>
  );
}
