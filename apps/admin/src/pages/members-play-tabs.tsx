import type { MemberPromotionsValue, MemberRoundsValue } from '@kismat/contracts/member-desk';
import { useState } from 'react';
import { ListTable, MoneyCell, NumCell, numeric, Pager } from '../components/data-table';
import { Fact } from '../components/fact';
import { formatMoney, formatTime } from '../format';
import { MemberListTab, useMemberRead } from './members-tabs';

const ROUNDS_PAGE = 50;

/** Rounds over every game path (vendor games, slots, lottery, originals), the last 90 days, with totals. */
export function RoundsTab({ id }: { id: number }) {
  const [pageNo, setPageNo] = useState(1);
  const { data, error } = useMemberRead<MemberRoundsValue>(id, `rounds?pageNo=${pageNo}`, 'Rounds could not be loaded.', {
    clearOnChange: true,
  });
  return (
    <>
      {data ? (
        <dl className="facts">
          <Fact label="Rounds (90 days)" value={data.totals.rounds} />
          <Fact label="Bets" value={formatMoney(data.totals.betAmount)} />
          <Fact label="Wins" value={formatMoney(data.totals.payout)} />
          <Fact label="Member result" value={formatMoney(data.totals.profit)} />
        </dl>
      ) : null}
      <ListTable
        error={error}
        rows={data?.items}
        empty="No rounds in the last 90 days."
        headings={['Bet time', 'Vendor', 'Game', 'Type', numeric('Bet'), numeric('Win'), 'Status']}
        row={(round) => (
          <tr key={round.roundId}>
            <td data-label="Bet time">{formatTime(round.betTime)}</td>
            <td data-label="Vendor">{round.vendorName}</td>
            <td data-label="Game">{round.gameName}</td>
            <td data-label="Type">{round.gameType}</td>
            <MoneyCell label="Bet" amount={round.betAmount} />
            <MoneyCell label="Win" amount={round.payout} />
            <td data-label="Status">
              <span className="code">{round.status}</span>
            </td>
          </tr>
        )}
      />
      {data ? <Pager pageNo={pageNo} pageSize={ROUNDS_PAGE} total={data.total} noun="rounds" onPage={setPageNo} /> : null}
    </>
  );
}

/** Promotions the member takes part in, with the turnover each award still asks for. */
export function PromotionsTab({ id }: { id: number }) {
  return (
    <MemberListTab<MemberPromotionsValue['items'][number]>
      id={id}
      path="promotions"
      failure="Promotions could not be loaded."
      empty="The member takes part in no live promotion."
      headings={['Promotion', 'Status', numeric('Award'), 'Awarded', numeric('Turnover done / required')]}
      row={(promotion) => (
        <tr key={promotion.id}>
          <td data-label="Promotion">
            <strong>{promotion.title}</strong> <span className="muted small">{promotion.kind}</span>
          </td>
          <td data-label="Status">{promotion.status}</td>
          <NumCell label="Award">{promotion.award ? formatMoney(promotion.award.amount) : '—'}</NumCell>
          <td data-label="Awarded">{promotion.award ? formatTime(promotion.award.createdAt) : '—'}</td>
          <td data-label="Turnover done / required" className="num">
            {promotion.turnover
              ? `${formatMoney(promotion.turnover.done)} / ${formatMoney(promotion.turnover.required)} (${promotion.turnover.status.toLowerCase()})`
              : '—'}
          </td>
        </tr>
      )}
    />
  );
}
