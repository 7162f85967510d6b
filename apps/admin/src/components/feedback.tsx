export interface Feedback {
  tone: 'success' | 'error';
  text: string;
}

/** The result of the last action, announced to screen readers. */
export function FeedbackBanner({ feedback, onClose }: { feedback: Feedback | null; onClose: () => void }) {
  if (!feedback) return null;
  return (
    <div className={`banner ${feedback.tone}`} role={feedback.tone === 'error' ? 'alert' : 'status'} data-testid="feedback">
      <span>{feedback.text}</span>
      <button type="button" className="banner-close" onClick={onClose} aria-label="Dismiss">
        ×
      </button>
    </div>
  );
}

/** An error read out at once (role alert); nothing while there is none. */
export function ErrorAlert({ error }: { error: string | null }) {
  if (!error) return null;
  return (
    <p className="banner error" role="alert">
      {error}
    </p>
  );
}

/** What keeps a form from being sent, one item a problem, read out at once; nothing while there is none. */
export function ProblemList({ problems }: { problems: readonly string[] }) {
  if (problems.length === 0) return null;
  return (
    <ul className="banner error" role="alert">
      {problems.map((problem) => (
        <li key={problem}>{problem}</li>
      ))}
    </ul>
  );
}
