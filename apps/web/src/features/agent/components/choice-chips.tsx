import styles from './agent-pages.module.css';

/** A row of toggle chips, one pressed: the agent centre's filters (sides, statuses, groupings, date presets). */
export function ChoiceChips<Value extends string>({
  options,
  value,
  onChange,
  label,
}: {
  options: readonly Value[];
  value: Value | null;
  onChange: (value: Value) => void;
  label: (value: Value) => string;
}) {
  return options.map((option) => (
    <button key={option} type="button" className={styles.chip} aria-pressed={value === option} onClick={() => onChange(option)}>
      {label(option)}
    </button>
  ));
}
