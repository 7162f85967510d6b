import type { SVGProps } from 'react';

/**
 * Line icons drawn on a 24-unit grid (stroke, round joins). Kept inline so the shell needs no
 * icon font or image request and every icon follows `currentColor`.
 */
const ICONS = {
  home: 'M3 10.5 12 3l9 7.5M5 9.5V20a1 1 0 0 0 1 1h4v-6h4v6h4a1 1 0 0 0 1-1V9.5',
  gift: 'M20 12v9H4v-9M2 7h20v5H2zM12 21V7M12 7H7.5a2.5 2.5 0 1 1 0-5C11 2 12 7 12 7zM12 7h4.5a2.5 2.5 0 1 0 0-5C13 2 12 7 12 7z',
  ticket: 'M3 7a2 2 0 0 1 2-2h14a2 2 0 0 1 2 2v3a2 2 0 0 0 0 4v3a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2v-3a2 2 0 0 0 0-4zM14 5v2M14 11v2M14 17v2',
  dice: 'M5 3h14a2 2 0 0 1 2 2v14a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2zM8.5 8.5h.01M15.5 8.5h.01M12 12h.01M8.5 15.5h.01M15.5 15.5h.01',
  live: 'M15 10l5-3v10l-5-3M4 6h11v12H4zM7.5 10.5a1 1 0 1 0 0-.01',
  sports:
    'M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zM12 7l3.8 2.8-1.5 4.4H9.7L8.2 9.8zM12 3v4M20.5 9.5l-4.7.3M17.5 19l-3.2-4.8M6.5 19l3.2-4.8M3.5 9.5l4.7.3',
  fish: 'M2 12s4-6 11-6c4 0 7 3 9 6-2 3-5 6-9 6-7 0-11-6-11-6zM2 12l-1-3M2 12l-1 3M16.5 10.5h.01',
  slots: 'M4 5h16v14H4zM4 9h16M9 9v10M15 9v10M6.5 14.5l1-1.5M12 13.5v2M17.5 13l-1 2M8 3l1 2M16 3l-1 2',
  cards:
    'M9 3h10a1 1 0 0 1 1 1v13a1 1 0 0 1-1 1H9a1 1 0 0 1-1-1V4a1 1 0 0 1 1-1zM4.5 6.5l3.5-1M4 7l3.6 13a1 1 0 0 0 1.2.7L12 20M14 8l-1.5 2.5L14 13l1.5-2.5z',
  gamepad:
    'M6 8h12a4 4 0 0 1 4 4v2.5a3 3 0 0 1-5.4 1.8L15 14H9l-1.6 2.3A3 3 0 0 1 2 14.5V12a4 4 0 0 1 4-4zM7 11v3M5.5 12.5h3M15.5 11.5h.01M17.5 13h.01',
  rooster:
    'M7 20h10M9 20l1-4M15 20l-1-4M6 8c0-2.5 2-4.5 4.5-4.5.8 0 1.5.9 1.5 1.5 0-.9.9-1.7 1.7-1.2M6 8l-2.5 1L6 10.5c0 3 2 5.5 6 5.5s6-2.5 6-5.5c0-1.5-.5-3-1.5-4L20 4l-1 5M8.5 7.5h.01',
  crown: 'M3 8l4.5 4L12 5l4.5 7L21 8l-2 11H5zM5 19h14',
  menu: 'M4 6h16M4 12h16M4 18h16',
  close: 'M6 6l12 12M18 6L6 18',
  chevronDown: 'M6 9l6 6 6-6',
  chevronLeft: 'M15 6l-6 6 6 6',
  chevronRight: 'M9 6l6 6-6 6',
  user: 'M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM4 21a8 8 0 0 1 16 0',
  wallet: 'M3 7a2 2 0 0 1 2-2h13v4M3 7v11a2 2 0 0 0 2 2h15V9H5a2 2 0 0 1-2-2zM16 14.5h.01',
  coins: 'M9 10a6 2.5 0 1 0 0-.01M3 10v4c0 1.4 2.7 2.5 6 2.5s6-1.1 6-2.5v-4M15 8.5c3 .3 6 1.3 6 2.5v4c0 1.4-2.7 2.5-6 2.5-1 0-2-.1-2.8-.3',
  userPlus: 'M10 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM2 21a8 8 0 0 1 13.5-5.8M19 14v6M16 17h6',
  chat: 'M21 12a8 8 0 0 1-11.6 7.1L4 20l1-4.6A8 8 0 1 1 21 12zM8.5 12h.01M12 12h.01M15.5 12h.01',
  telegram: 'M21.5 4 2.5 11.3l6 2.2L19 6.5l-8 8.3V20l3.4-3.6 4.1 3.1z',
  whatsapp: 'M3.5 20.5l1.3-4.3A8.5 8.5 0 1 1 8 19.4zM9 8.5c0 3.5 3 6.5 6.5 6.5l1.2-1.6-2-1-1 .8c-1.1-.5-2-1.4-2.5-2.5l.8-1-1-2z',
  facebook: 'M14 8h3V4h-3a4 4 0 0 0-4 4v2H7.5v4H10v7h4v-7h3l.5-4H14V8.5a.5.5 0 0 1 .5-.5z',
  phone: 'M7 2h10a1 1 0 0 1 1 1v18a1 1 0 0 1-1 1H7a1 1 0 0 1-1-1V3a1 1 0 0 1 1-1zM11 18.5h2',
  download: 'M12 3v12M7 10l5 5 5-5M4 20h16',
  globe: 'M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zM3 12h18M12 3c2.5 2.5 3.5 5.5 3.5 9s-1 6.5-3.5 9c-2.5-2.5-3.5-5.5-3.5-9s1-6.5 3.5-9z',
  star: 'M12 3l2.8 5.7 6.2.9-4.5 4.4 1 6.2L12 17.3 6.5 20.2l1-6.2L3 9.6l6.2-.9z',
  help: 'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zM9.5 9.2a2.6 2.6 0 0 1 5 .8c0 1.7-2.5 2.3-2.5 4M12 17h.01',
  feedback: 'M4 5h16v11H9l-5 4zM8 9h8M8 12.5h5',
  clock: 'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zM12 7v5l3 2',
  shield: 'M12 3l8 3v6c0 4.5-3.4 8.2-8 9-4.6-.8-8-4.5-8-9V6zM8.5 12l2.5 2.5 4.5-5',
  refresh: 'M20 11a8 8 0 0 0-14.7-4.3L4 8.5M4 4v4.5h4.5M4 13a8 8 0 0 0 14.7 4.3L20 15.5M20 20v-4.5h-4.5',
  logout: 'M15 4h4a1 1 0 0 1 1 1v14a1 1 0 0 1-1 1h-4M10 17l5-5-5-5M15 12H3',
  wrench: 'M14.7 6.3a4 4 0 0 0 5 5L21 13a6 6 0 0 1-7.6 1.4L6 21.8a2 2 0 0 1-2.8-2.8l7.4-7.4A6 6 0 0 1 12 4l1.7 1.3a4 4 0 0 0 1 1z',
  ban: 'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zM5.7 5.7l12.6 12.6',
  headset: 'M4 14v-2a8 8 0 0 1 16 0v2M4 14h3v6H5a1 1 0 0 1-1-1zM20 14h-3v6h2a1 1 0 0 0 1-1zM17 20a4 4 0 0 1-4 2h-1',
  apple:
    'M16.5 12.8c0-2.4 2-3.5 2-3.6-1.1-1.6-2.8-1.8-3.4-1.8-1.4-.1-2.8.9-3.5.9-.7 0-1.8-.8-3-.8-1.6 0-3 .9-3.8 2.3-1.6 2.8-.4 7 1.2 9.3.8 1.1 1.7 2.4 2.9 2.3 1.2 0 1.6-.7 3-.7s1.8.7 3 .7c1.3 0 2.1-1.1 2.9-2.3.9-1.3 1.2-2.5 1.3-2.6-.1 0-2.6-1-2.6-3.7zM14.2 5.6c.6-.8 1.1-1.9 1-3-.9 0-2.1.6-2.7 1.4-.6.7-1.1 1.8-1 2.9 1 .1 2.1-.5 2.7-1.3z',
  android:
    'M6 10h12v7a1 1 0 0 1-1 1H7a1 1 0 0 1-1-1zM6 9a6 6 0 0 1 12 0M8 3.5l1.5 2.5M16 3.5 14.5 6M9.5 7h.01M14.5 7h.01M3.5 11v5M20.5 11v5M9 18v3M15 18v3',
  play: 'M7 4.5v15l12.5-7.5z',
  alert: 'M12 3 2 20h20zM12 10v4.5M12 17.5h.01',
  search: 'M11 18a7 7 0 1 0 0-14 7 7 0 0 0 0 14zM20 20l-4-4',
  arrowUp: 'M12 19V5M5 12l7-7 7 7',
  external: 'M14 4h6v6M20 4l-9 9M18 14v5a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1h5',
  sparkle: 'M12 3l1.8 5.2L19 10l-5.2 1.8L12 17l-1.8-5.2L5 10l5.2-1.8zM19 15l.8 2.2L22 18l-2.2.8L19 21l-.8-2.2L16 18l2.2-.8z',
  lock: 'M6 11h12v10H6zM8.5 11V7.5a3.5 3.5 0 0 1 7 0V11M12 15v2',
  eye: 'M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12zM12 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6z',
  eyeOff:
    'M3 3l18 18M10.6 6.1A9.8 9.8 0 0 1 12 6c6.5 0 10 6 10 6a17 17 0 0 1-3 3.7M6.6 6.6A17 17 0 0 0 2 12s3.5 6 10 6a9.6 9.6 0 0 0 4.4-1M9.9 9.9a3 3 0 0 0 4.2 4.2',
  mail: 'M3 5h18v14H3zM3 6l9 7 9-7',
  key: 'M14.5 3a6.5 6.5 0 0 0-6.2 8.5L3 16.8V21h4.2v-2.2h2.2v-2.2h2.2l1.3-1.3A6.5 6.5 0 1 0 14.5 3zM16.5 7.5h.01',
  bank: 'M3 9l9-5 9 5M4 10h16M5 10v8M9.5 10v8M14.5 10v8M19 10v8M3 21h18',
  calendar: 'M4 5h16v16H4zM4 10h16M8 3v4M16 3v4',
  check: 'M5 12.5l4.5 4.5L19 7.5',
  edit: 'M4 20h4L19 9l-4-4L4 16zM13.5 6.5l4 4',
  trash: 'M4 7h16M9 7V4h6v3M6 7l1 13h10l1-13M10 11v6M14 11v6',
  info: 'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zM12 11v5M12 8h.01',
} as const;

export type IconName = keyof typeof ICONS;

interface IconProps extends Omit<SVGProps<SVGSVGElement>, 'name'> {
  name: IconName;
  size?: number;
  /** A label makes the icon meaningful to screen readers; without one it is decorative. */
  label?: string;
}

export function Icon({ name, size = 20, label, strokeWidth = 1.8, ...rest }: IconProps) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={strokeWidth}
      strokeLinecap="round"
      strokeLinejoin="round"
      role={label ? 'img' : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
      focusable="false"
      {...rest}
    >
      <path d={ICONS[name]} />
    </svg>
  );
}
