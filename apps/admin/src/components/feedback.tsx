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
