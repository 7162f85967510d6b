import type { OperatorMe } from '@kismat/contracts/operator-accounts';
import { MAX_VIP_LEVELS, OPERATOR_VIP_PATHS, VIP_TARGET_RULES, type VIP_UPGRADE_WINDOWS } from '@kismat/contracts/vip';
import { useCallback, useState } from 'react';
import { api } from '../api';
import { DataTable, numeric } from '../components/data-table';
import { FeedbackBanner } from '../components/feedback';
import { CheckboxField, InputCell, Options, patchAt } from '../components/fields';
import { Page } from '../components/page';
import { TableEditorCard } from '../components/table-editor-card';
import { useTableEditor } from '../components/use-action';
import { canManage } from '../roles';
import { merchantPath } from './loyalty-hub';

const AMOUNTS = [
  'upgradeDeposit',
  'upgradeValidBet',
  'retainDeposit',
  'retainValidBet',
  'upgradeBonus',
  'birthdayBonus',
  'monthlyBonus',
  'withdrawDailyAmount',
] as const;
type AmountKey = (typeof AMOUNTS)[number];
const AMOUNT_LABELS: Record<AmountKey, string> = {
  upgradeDeposit: 'Upgrade deposit',
  upgradeValidBet: 'Upgrade valid bet',
  retainDeposit: 'Keep: deposit / month',
  retainValidBet: 'Keep: valid bet / month',
  upgradeBonus: 'Upgrade bonus',
  birthdayBonus: 'Birthday bonus',
  monthlyBonus: 'Monthly bonus',
  withdrawDailyAmount: 'Withdraw / day',
};

type Level = {
  rank: number;
  names: { bn: string; en: string; sw: string };
  targetRule: (typeof VIP_TARGET_RULES)[number];
  withdrawDailyCount: number;
} & Record<AmountKey, string>;
interface Settings {
  upgradeWindow: (typeof VIP_UPGRADE_WINDOWS)[number];
  isRetentionOn: boolean;
}

function newLevel(rank: number, below: Level | undefined): Level {
  return {
    rank,
    names: { bn: `VIP ${rank}`, en: `VIP ${rank}`, sw: `VIP ${rank}` },
    targetRule: below?.targetRule ?? 'AND',
    upgradeDeposit: below?.upgradeDeposit ?? '0.00',
    upgradeValidBet: below?.upgradeValidBet ?? '0.00',
    retainDeposit: '0.00',
    retainValidBet: '0.00',
    upgradeBonus: '0.00',
    birthdayBonus: '0.00',
    monthlyBonus: '0.00',
    withdrawDailyCount: below?.withdrawDailyCount ?? 3,
    withdrawDailyAmount: below?.withdrawDailyAmount ?? '50000.00',
  };
}

/** The VIP ladder (ranks 1..n, targets rising; the server refuses anything else) and its upgrade window. */
export function LoyaltyVipPage({ me, code }: { me: OperatorMe; code: string }) {
  const [levels, setLevels] = useState<Level[] | null>(null);
  const [settings, setSettings] = useState<Settings | null>(null);
  const mayEdit = canManage(me);

  const { feedback, setFeedback, isBusy, run } = useTableEditor(
    merchantPath(OPERATOR_VIP_PATHS.levels, code),
    merchantPath(OPERATOR_VIP_PATHS.settings, code),
    useCallback((ladder: { list: (Level & { id: number })[] }, loaded: Settings) => {
      setLevels(ladder.list.map(({ id: _id, ...level }) => ({ ...level })));
      setSettings(loaded);
    }, []),
    { loadFailure: 'The VIP ladder could not be loaded.', saveFailure: 'The ladder could not be saved.' },
  );

  const save = async () => {
    if (!levels || !settings) return;
    await run(async () => {
      const body = levels.map((level) => ({
        rank: level.rank,
        names: level.names,
        targetRule: level.targetRule,
        withdrawDailyCount: level.withdrawDailyCount,
        ...Object.fromEntries(AMOUNTS.map((key) => [key, level[key].trim()])),
      }));
      await api('PUT', merchantPath(OPERATOR_VIP_PATHS.levels, code), { levels: body });
      await api('PUT', merchantPath(OPERATOR_VIP_PATHS.settings, code), settings);
    }, 'VIP ladder saved.');
  };

  const setLevel = (index: number, patch: Partial<Level>) => setLevels((current) => (current ? patchAt(current, index, patch) : null));

  return (
    <Page id="vip" title="VIP ladder">
      <FeedbackBanner feedback={feedback} onClose={() => setFeedback(null)} />
      {settings ? (
        <div className="filters card">
          <label className="field compact">
            <span>Upgrade counts</span>
            <select
              value={settings.upgradeWindow}
              disabled={!mayEdit}
              onChange={(event) => setSettings({ ...settings, upgradeWindow: event.target.value as Settings['upgradeWindow'] })}
            >
              <option value="LIFETIME">all play (lifetime)</option>
              <option value="MONTH">this month's play</option>
            </select>
          </label>
          <CheckboxField
            label="Monthly retention review (one level down on a miss)"
            checked={settings.isRetentionOn}
            disabled={!mayEdit}
            onChange={(isRetentionOn) => setSettings({ ...settings, isRetentionOn })}
          />
        </div>
      ) : null}
      <TableEditorCard
        rows={levels}
        mayEdit={mayEdit}
        isBusy={isBusy}
        saveText="Save ladder"
        onSave={save}
        actions={(levels) => (
          <>
            <button
              type="button"
              className="button ghost"
              disabled={levels.length >= MAX_VIP_LEVELS}
              onClick={() => setLevels([...levels, newLevel(levels.length + 1, levels.at(-1))])}
            >
              Add level
            </button>
            <button type="button" className="button ghost" disabled={levels.length <= 1} onClick={() => setLevels(levels.slice(0, -1))}>
              Remove top level
            </button>
          </>
        )}
      >
        {(levels) => (
          <>
            <DataTable
              headings={['Rank', 'Names (BN / EN / SW)', 'Rule', ...AMOUNTS.map((key) => numeric(AMOUNT_LABELS[key])), 'Withdrawals / day']}
            >
              {levels.map((level, index) => (
                <tr key={level.rank} data-testid={`vip-level-${level.rank}`}>
                  <td data-label="Rank">{level.rank}</td>
                  <td data-label="Names">
                    <span className="stack">
                      {(['bn', 'en', 'sw'] as const).map((language) => (
                        <input
                          key={language}
                          aria-label={`Rank ${level.rank} name ${language}`}
                          value={level.names[language]}
                          disabled={!mayEdit}
                          onChange={(event) => setLevel(index, { names: { ...level.names, [language]: event.target.value } })}
                        />
                      ))}
                    </span>
                  </td>
                  <td data-label="Rule">
                    <select
                      value={level.targetRule}
                      disabled={!mayEdit}
                      onChange={(event) => setLevel(index, { targetRule: event.target.value as Level['targetRule'] })}
                    >
                      <Options values={VIP_TARGET_RULES} text={(rule) => (rule === 'AND' ? 'both' : 'either')} />
                    </select>
                  </td>
                  {AMOUNTS.map((key) => (
                    <InputCell
                      key={key}
                      column={AMOUNT_LABELS[key]}
                      className="num"
                      aria-label={`Rank ${level.rank} ${AMOUNT_LABELS[key]}`}
                      value={level[key]}
                      inputMode="decimal"
                      disabled={!mayEdit}
                      onChange={(value) => setLevel(index, { [key]: value } as Partial<Level>)}
                    />
                  ))}
                  <InputCell
                    column="Withdrawals / day"
                    aria-label={`Rank ${level.rank} withdrawals a day`}
                    value={String(level.withdrawDailyCount)}
                    inputMode="numeric"
                    disabled={!mayEdit}
                    onChange={(value) => setLevel(index, { withdrawDailyCount: /^\d+$/.test(value) ? Number(value) : 0 })}
                  />
                </tr>
              ))}
            </DataTable>
            {levels.length === 0 ? <p className="empty">No level yet: nobody is a VIP until the ladder has one.</p> : null}
          </>
        )}
      </TableEditorCard>
    </Page>
  );
}
