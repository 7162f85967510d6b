/** The back office's mark and name, in the top bar and on the login card. */
export function Brand({ className }: { className?: string }) {
  return (
    <div className={className ? `brand ${className}` : 'brand'}>
      <span className="brand-mark" aria-hidden="true">
        K
      </span>
      <span>
        Kismat <small>back office</small>
      </span>
    </div>
  );
}
