import {
  LEADERBOARD_METRICS,
  LEADERBOARD_PERIODS,
  MISSION_METRICS,
  MISSION_PERIODS,
  MISSION_REWARD_KINDS,
  OPERATOR_MISSION_PATHS,
  type operatorLeaderboardValue,
  type operatorMissionValue,
} from '@kismat/contracts/missions';
import type { OperatorMe } from '@kismat/contracts/operator-accounts';
import { REBATE_CATEGORIES } from '@kismat/contracts/rebates';
import { useCallback, useEffect, useState } from 'react';
import type { z } from 'zod';
import { api, failureText } from '../api';
import { DataTable, ListTable, NumCell, numeric } from '../components/data-table';
import { FeedbackBanner } from '../components/feedback';
import { ChoiceField, spaced, TextField } from '../components/fields';
import { Page } from '../components/page';
import { useAction } from '../components/use-action';
import { formatMoney } from '../format';
import { canManage } from '../roles';
import { merchantPath } from './loyalty-hub';

type Mission = z.infer<typeof operatorMissionValue>;
type Board = z.infer<typeof operatorLeaderboardValue>;
const NEW_MISSION = {
  en: '',
  bn: '',
  sw: '',
  period: 'DAILY',
  metric: 'VALID_BET',
  gameType: '',
  target: '',
  rewardKind: 'CASH',
  rewardAmount: '',
};

/** "1:500, 2:300.00" to prizes by rank, or null when a part is unreadable. */
function parsePrizes(text: string): { rank: number; amount: string }[] | null {
  const parts = text
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  const prizes = parts.map((part) => /^(\d{1,3})\s*:\s*(\d{1,13}(?:\.\d{1,2})?)$/.exec(part));
  if (prizes.some((match) => match === null)) return null;
  return prizes.map((match) => ({ rank: Number(match?.[1]), amount: match?.[2] ?? '' }));
}

/** Missions (daily, weekly, one-off, event) and leaderboards with their prizes; each change audited by the server. */
export function LoyaltyMissionsPage({ me, code }: { me: OperatorMe; code: string }) {
  const [missions, setMissions] = useState<Mission[] | null>(null);
  const [boards, setBoards] = useState<Board[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [draft, setDraft] = useState(NEW_MISSION);
  const [prizeText, setPrizeText] = useState<Record<number, string>>({});
  const { feedback, setFeedback, isBusy, run } = useAction({
    reload: () => load(),
    failure: 'The change could not be saved.',
    reloadAfterFailure: false,
  });
  const mayEdit = canManage(me);

  const load = useCallback(async () => {
    setError(null);
    try {
      const [loadedMissions, loadedBoards] = await Promise.all([
        api<{ list: Mission[] }>('GET', merchantPath(OPERATOR_MISSION_PATHS.missions, code)),
        api<{ list: Board[] }>('GET', merchantPath(OPERATOR_MISSION_PATHS.leaderboards, code)),
      ]);
      setMissions(loadedMissions.list);
      setBoards(loadedBoards.list);
      setPrizeText(
        Object.fromEntries(
          loadedBoards.list.map((board) => [board.id, board.prizes.map((prize) => `${prize.rank}:${prize.amount}`).join(', ')]),
        ),
      );
    } catch (caught) {
      setError(failureText(caught, 'The missions could not be loaded.'));
    }
  }, [code]);

  useEffect(() => {
    void load();
  }, [load]);

  const missionBodyOf = (mission: Mission, patch: Partial<Mission>) => {
    const { id: _id, ...rest } = { ...mission, ...patch };
    return rest;
  };
  const boardBodyOf = (board: Board, patch: Partial<Board>) => {
    const { id: _id, ...rest } = { ...board, ...patch };
    return rest;
  };

  const addMission = () =>
    run(
      () =>
        api('POST', merchantPath(OPERATOR_MISSION_PATHS.missions, code), {
          titles: { EN: draft.en.trim(), BN: draft.bn.trim(), SW: draft.sw.trim() },
          period: draft.period,
          metric: draft.metric,
          gameType: draft.gameType || null,
          target: draft.target.trim(),
          rewardKind: draft.rewardKind,
          rewardAmount: draft.rewardAmount.trim(),
        }).then(() => setDraft(NEW_MISSION)),
      'Mission added.',
    );

  /** A row's state, and the button that switches it (a mission or a leaderboard, saved whole). */
  const statePill = (isActive: boolean) => (
    <td data-label="State">
      <span className={`pill pill-${isActive ? 'approved' : 'expired'}`}>{isActive ? 'active' : 'off'}</span>
    </td>
  );
  const switchButton = (noun: string, isActive: boolean, put: (patch: { isActive: boolean }) => Promise<unknown>) => (
    <button
      type="button"
      className="button ghost"
      disabled={isBusy}
      onClick={() => void run(() => put({ isActive: !isActive }), `${noun} switched ${isActive ? 'off' : 'on'}.`)}
    >
      {isActive ? 'Switch off' : 'Switch on'}
    </button>
  );

  const set = (key: keyof typeof NEW_MISSION) => (value: string) => setDraft({ ...draft, [key]: value });
  const select = (key: keyof typeof NEW_MISSION, label: string, options: readonly string[], allowNone = false) => (
    <ChoiceField
      label={label}
      value={draft[key]}
      options={options}
      anyLabel={allowNone ? 'any' : undefined}
      optionText={spaced}
      onChange={set(key)}
    />
  );

  return (
    <Page id="missions" title="Missions">
      <FeedbackBanner feedback={feedback} onClose={() => setFeedback(null)} />
      <ListTable
        error={error}
        rows={missions}
        empty="No mission yet."
        headings={['Mission', 'Period', 'Counts', numeric('Target'), 'Reward', 'State', { label: '', ariaLabel: 'Actions' }]}
        row={(mission) => (
          <tr key={mission.id} data-testid={`mission-${mission.id}`}>
            <td data-label="Mission">
              <span className="stack">
                <strong>{mission.titles.EN}</strong>
                <span className="muted">
                  {mission.titles.BN} · {mission.titles.SW}
                </span>
              </span>
            </td>
            <td data-label="Period">{mission.period.toLowerCase()}</td>
            <td data-label="Counts">
              {mission.metric.replace('_', ' ').toLowerCase()}
              {mission.gameType ? ` · ${mission.gameType.toLowerCase()}` : ''}
            </td>
            <NumCell label="Target">{mission.target}</NumCell>
            <td data-label="Reward">
              {mission.rewardKind === 'CASH'
                ? `${formatMoney(mission.rewardAmount)} (${mission.turnoverMultiplier}x turnover)`
                : `${mission.rewardAmount} ${mission.rewardKind.replace('_', ' ').toLowerCase()}`}
            </td>
            {statePill(mission.isActive)}
            <td data-label="Actions">
              {mayEdit
                ? switchButton('Mission', mission.isActive, (patch) =>
                    api('PUT', merchantPath(OPERATOR_MISSION_PATHS.mission, code, mission.id), missionBodyOf(mission, patch)),
                  )
                : null}
            </td>
          </tr>
        )}
      />
      {mayEdit ? (
        <form
          className="card form"
          data-testid="mission-form"
          onSubmit={(event) => {
            event.preventDefault();
            void addMission();
          }}
        >
          <h2>Add a mission</h2>
          <div className="field-row">
            <TextField label="Title (EN)" value={draft.en} onChange={set('en')} maxLength={80} />
            <TextField label="Title (BN)" value={draft.bn} onChange={set('bn')} maxLength={80} />
            <TextField label="Title (SW)" value={draft.sw} onChange={set('sw')} maxLength={80} />
          </div>
          <div className="field-row">
            {select('period', 'Period', MISSION_PERIODS)}
            {select('metric', 'Counts', MISSION_METRICS)}
            {select('gameType', 'Game type', REBATE_CATEGORIES, true)}
            <TextField label="Target (amount or count)" value={draft.target} onChange={set('target')} inputMode="decimal" />
            {select('rewardKind', 'Reward', MISSION_REWARD_KINDS)}
            <TextField label="Reward amount" value={draft.rewardAmount} onChange={set('rewardAmount')} inputMode="decimal" />
          </div>
          <div className="actions">
            <button type="submit" className="button primary" disabled={isBusy}>
              Add mission
            </button>
          </div>
        </form>
      ) : null}
      <h2>Leaderboards</h2>
      {boards && boards.length === 0 ? <p className="empty">No leaderboard yet.</p> : null}
      {boards && boards.length > 0 ? (
        <DataTable headings={['Leaderboard', 'Period', 'Ranks by', 'Prizes (rank:amount)', 'State', { label: '', ariaLabel: 'Actions' }]}>
          {boards.map((board) => (
            <tr key={board.id} data-testid={`leaderboard-${board.id}`}>
              <td data-label="Leaderboard">
                <strong>{board.titles.EN}</strong>
              </td>
              <td data-label="Period">{board.period.toLowerCase()}</td>
              <td data-label="Ranks by">
                {board.metric.replace('_', ' ').toLowerCase()}
                {board.gameType ? ` · ${board.gameType.toLowerCase()}` : ''}
              </td>
              <td data-label="Prizes">
                <input
                  aria-label={`${board.titles.EN} prizes`}
                  value={prizeText[board.id] ?? ''}
                  disabled={!mayEdit}
                  onChange={(event) => setPrizeText({ ...prizeText, [board.id]: event.target.value })}
                />
              </td>
              {statePill(board.isActive)}
              <td data-label="Actions">
                {mayEdit ? (
                  <div className="actions">
                    <button
                      type="button"
                      className="button primary"
                      disabled={isBusy}
                      onClick={() => {
                        const prizes = parsePrizes(prizeText[board.id] ?? '');
                        if (!prizes) {
                          setFeedback({ tone: 'error', text: 'Write prizes as rank:amount, separated by commas (1:500, 2:300.00).' });
                          return;
                        }
                        void run(
                          () =>
                            api('PUT', merchantPath(OPERATOR_MISSION_PATHS.leaderboard, code, board.id), boardBodyOf(board, { prizes })),
                          'Prizes saved.',
                        );
                      }}
                    >
                      Save prizes
                    </button>
                    {switchButton('Leaderboard', board.isActive, (patch) =>
                      api('PUT', merchantPath(OPERATOR_MISSION_PATHS.leaderboard, code, board.id), boardBodyOf(board, patch)),
                    )}
                  </div>
                ) : null}
              </td>
            </tr>
          ))}
        </DataTable>
      ) : null}
      <p className="hint">
        Periods: {LEADERBOARD_PERIODS.join(', ').toLowerCase()} · ranked by{' '}
        {LEADERBOARD_METRICS.join(', ').replaceAll('_', ' ').toLowerCase()}. Prizes are paid once when a period closes.
      </p>
    </Page>
  );
}
