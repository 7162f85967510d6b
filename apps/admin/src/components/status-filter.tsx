import { Options } from './fields';

export function StatusFilter({
  value,
  options,
  onChange,
  onRefresh,
}: {
  value: string;
  options: readonly string[];
  onChange: (value: string) => void;
  onRefresh: () => void;
}) {
  return (
    <div className="filters">
      <label className="field inline">
        <span>Status</span>
        <select value={value} onChange={(event) => onChange(event.target.value)}>
          <Options values={options} />
        </select>
      </label>
      <button type="button" className="button ghost" onClick={onRefresh}>
        Refresh
      </button>
    </div>
  );
}
