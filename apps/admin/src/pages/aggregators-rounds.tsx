import { type AggregatorValue, OPERATOR_AGGREGATOR_PATHS } from '@kismat/contracts/aggregators';
import { useCallback } from 'react';
import { api } from '../api';
import { DataTable, ListStatus, Pager } from '../components/data-table';
import { ChoiceField, FilterForm, TextField } from '../components/fields';
import { useLoaded, usePagedFilters } from '../components/use-loaded';
import { aggregatorPath } from './aggregators-path';

interface Round {
  id: number;
  vendorRoundId: string;
  vendorCode: string;
  gameCode: string;
  gameName: string;
  username: string;
  currency: string;
  status: string;
  isTrial: boolean;
  stake: string;
  payout: string;
  betCount: number;
  openedAt: string;
  settledAt: string | null;
}

const PAGE_SIZE = 20;
const STATUSES = ['OPEN', 'CLOSED'] as const;

/** Our rounds played through the aggregator (its studios), newest first; filters: member, status, dates. */
export function AggregatorRounds({ merchantCode, value }: { merchantCode: string; value: AggregatorValue }) {
  const { filters, setFilters, applied, page, setPage, apply } = usePagedFilters({ username: '', status: '', from: '', to: '' });
  const load = useCallback(async () => {
    const query = new URLSearchParams({ pageNo: String(page), pageSize: String(PAGE_SIZE) });
    if (applied.username.trim()) query.set('username', applied.username.trim());
    if (applied.status) query.set('status', applied.status);
    if (applied.from) query.set('from', new Date(applied.from).toISOString());
    if (applied.to) query.set('to', new Date(applied.to).toISOString());
    return api<{ list: Round[]; total: number }>(
      'GET',
      `${aggregatorPath(OPERATOR_AGGREGATOR_PATHS.rounds, merchantCode, value.id)}?${query}`,
    );
  }, [merchantCode, value.id, applied, page]);
  const { data, error } = useLoaded(load, 'The rounds could not be loaded.');

  return (
    <div>
      <FilterForm submitLabel="Show rounds" onApply={() => apply()}>
        <TextField label="Member" value={filters.username} onChange={(username) => setFilters({ ...filters, username })} />
        <ChoiceField
          label="Status"
          value={filters.status}
          options={STATUSES}
          anyLabel="any"
          onChange={(status) => setFilters({ ...filters, status })}
        />
        <TextField label="From" type="datetime-local" value={filters.from} onChange={(from) => setFilters({ ...filters, from })} />
        <TextField label="To" type="datetime-local" value={filters.to} onChange={(to) => setFilters({ ...filters, to })} />
      </FilterForm>
      <DataTable headings={['Round', 'Member', 'Game', 'Studio', 'Stake', 'Payout', 'Status', 'Opened']}>
        {data?.list.map((round) => (
          <tr key={round.id}>
            <td data-label="Round">
              <span className="code">{round.vendorRoundId}</span>
            </td>
            <td data-label="Member">{round.username}</td>
            <td data-label="Game">{round.gameName}</td>
            <td data-label="Studio">{round.vendorCode}</td>
            <td data-label="Stake">
              {round.stake} {round.currency}
            </td>
            <td data-label="Payout">{round.payout}</td>
            <td data-label="Status">
              {round.status.toLowerCase()}
              {round.isTrial ? ' (fun)' : ''}
            </td>
            <td data-label="Opened">{new Date(round.openedAt).toLocaleString()}</td>
          </tr>
        ))}
      </DataTable>
      <ListStatus error={error} rows={data?.list} empty="No rounds through this aggregator." />
      {data ? <Pager pageNo={page} pageSize={PAGE_SIZE} total={data.total} noun="rounds" onPage={setPage} /> : null}
    </div>
  );
}
