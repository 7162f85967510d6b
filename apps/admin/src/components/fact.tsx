/** One term and its value in a `dl.facts` list; an empty or missing value shows as a dash. */
export function Fact({ label, value, testId }: { label: string; value: string | number | null; testId?: string }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd data-testid={testId}>{value === null || value === '' ? '—' : value}</dd>
    </div>
  );
}
