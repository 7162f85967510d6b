/** Small inline drawings the originals use (no emoji: phones without a colour emoji font showed boxes). */

export function GemGlyph() {
  return (
    <svg viewBox="0 0 32 32" width="60%" height="60%" aria-hidden="true">
      <path d="M8 4h16l6 8-14 17L2 12z" fill="#2fd98a" />
      <path d="M2 12h28L16 29z" fill="#1fae6c" />
      <path d="M8 4l4 8h8l4-8M12 12l4 17 4-17" fill="none" stroke="#c9ffe6" strokeWidth="1.2" strokeLinejoin="round" />
    </svg>
  );
}

export function MineGlyph() {
  return (
    <svg viewBox="0 0 32 32" width="62%" height="62%" aria-hidden="true">
      <path
        d="M16 3v5M16 24v5M3 16h5M24 16h5M6.8 6.8l3.5 3.5M21.7 21.7l3.5 3.5M6.8 25.2l3.5-3.5M21.7 10.3l3.5-3.5"
        stroke="#ff5a72"
        strokeWidth="2.4"
        strokeLinecap="round"
      />
      <circle cx="16" cy="16" r="9" fill="#2b1020" stroke="#ff5a72" strokeWidth="2" />
      <circle cx="13" cy="13" r="2.4" fill="#ffb3c0" />
    </svg>
  );
}

export function DieGlyph() {
  return (
    <svg viewBox="0 0 32 32" width="64" height="64" aria-hidden="true">
      <rect x="3" y="3" width="26" height="26" rx="6" fill="#f4c550" />
      <circle cx="10" cy="10" r="2.6" fill="#281a00" />
      <circle cx="22" cy="10" r="2.6" fill="#281a00" />
      <circle cx="16" cy="16" r="2.6" fill="#281a00" />
      <circle cx="10" cy="22" r="2.6" fill="#281a00" />
      <circle cx="22" cy="22" r="2.6" fill="#281a00" />
    </svg>
  );
}
