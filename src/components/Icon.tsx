import type { ReactNode } from 'react';
import * as css from './icon.css.ts';

/**
 * The app's icons, drawn as inline SVG: characters such as ＋ － × ✓ ★ ← ⋮ or emoji depend on the
 * fonts of the phone, and Debian's Chromium (among others) shows them as empty boxes. Lines use
 * currentColor, so an icon takes the colour of the text around it, in light and dark themes.
 */
const PATHS = {
  plus: <path d="M12 5v14M5 12h14" />,
  minus: <path d="M5 12h14" />,
  close: <path d="M6 6l12 12M18 6L6 18" />,
  check: <path d="M5 12.5l4.5 4.5L19 7.5" />,
  circle: <circle cx="12" cy="12" r="6.5" />,
  'arrow-up': <path d="M12 19V5M5.5 11.5L12 5l6.5 6.5" />,
  'arrow-down': <path d="M12 5v14M18.5 12.5L12 19l-6.5-6.5" />,
  'arrow-left': <path d="M19 12H5M11.5 5.5L5 12l6.5 6.5" />,
  'arrow-right': <path d="M5 12h14M12.5 5.5L19 12l-6.5 6.5" />,
  rotate: <path d="M19.5 12a7.5 7.5 0 1 1-2.2-5.3M19.5 4.5v4.2h-4.2" />,
  star: <path d="M12 3.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8L12 16.9l-5.2 2.7 1-5.8-4.3-4.1 5.9-.9z" />,
  heart: <path d="M12 20.5S3.5 15.4 3.5 9.3C3.5 6.4 5.7 4.5 8.2 4.5c1.6 0 2.9.9 3.8 2.2.9-1.3 2.2-2.2 3.8-2.2 2.5 0 4.7 1.9 4.7 4.8 0 6.1-8.5 11.2-8.5 11.2z" />,
  pencil: <path d="M4 20l1.2-4.6L16 4.6a2 2 0 0 1 2.8 0l.6.6a2 2 0 0 1 0 2.8L8.6 18.8zM14 6.6l3.4 3.4" />,
  hourglass: <path d="M7 3.5h10M7 20.5h10M8 3.5c0 4.5 8 4.5 8 8.5s-8 4-8 8.5M16 3.5c0 4.5-8 4.5-8 8.5s8 4 8 8.5" />,
  'more-vertical': (
    <g fill="currentColor" stroke="none">
      <circle cx="12" cy="5" r="1.8" />
      <circle cx="12" cy="12" r="1.8" />
      <circle cx="12" cy="19" r="1.8" />
    </g>
  ),
  'eye-off': <path d="M3 3l18 18M10.6 5.2A9.7 9.7 0 0 1 12 5c6 0 9.5 7 9.5 7a16 16 0 0 1-3 3.9M6.6 6.6A16 16 0 0 0 2.5 12S6 19 12 19a9.4 9.4 0 0 0 5.4-1.6M9.9 9.9a3 3 0 0 0 4.2 4.2" />,
  'wifi-off': <path d="M3 3l18 18M8.5 15.5a5 5 0 0 1 6.3-.5M5 12a10 10 0 0 1 4.2-2.5M14.8 9.6A10 10 0 0 1 19 12M2 8.5a15 15 0 0 1 4.1-2.7M10.7 5.1A15 15 0 0 1 22 8.5M12 19.5h.01" />,
  'bar-chart': <path d="M6 19.5v-7M12 19.5v-14M18 19.5v-10M3.5 19.5h17" />,
  link: <path d="M10 14a4 4 0 0 0 5.7 0l3.2-3.2a4 4 0 0 0-5.7-5.7l-1.1 1.1M14 10a4 4 0 0 0-5.7 0l-3.2 3.2a4 4 0 0 0 5.7 5.7l1.1-1.1" />,
  // The frame: places of the navigation, its menus and its status.
  notebook: <path d="M6 3.5h11.5a1 1 0 0 1 1 1v15a1 1 0 0 1-1 1H6a1.5 1.5 0 0 1-1.5-1.5v-14A1.5 1.5 0 0 1 6 3.5zM8.5 3.5v17M11.5 8h4M11.5 11h4" />,
  news: <path d="M12 3.5l1.9 5.1 5.1 1.9-5.1 1.9-1.9 5.1-1.9-5.1-5.1-1.9 5.1-1.9zM18.5 15.5l.8 2.2 2.2.8-2.2.8-.8 2.2-.8-2.2-2.2-.8 2.2-.8z" />,
  users: <path d="M9 11a3.5 3.5 0 1 0 0-7 3.5 3.5 0 0 0 0 7zM2.5 20c0-3.6 2.9-6 6.5-6s6.5 2.4 6.5 6M15.5 4.3a3.5 3.5 0 0 1 0 6.4M18 14.4c2.1.8 3.5 2.9 3.5 5.6" />,
  bell: <path d="M6 16.5V11a6 6 0 0 1 12 0v5.5l1.5 2h-15zM10 20.5a2.2 2.2 0 0 0 4 0" />,
  user: <path d="M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM4.5 20.5c0-4 3.4-6.5 7.5-6.5s7.5 2.5 7.5 6.5" />,
  // A cog with eight teeth (rays around a circle read as a sun: the light theme).
  settings: (
    <>
      <circle cx="12" cy="12" r="3" />
      <path d="M18.9 10.1L21.4 10.4L21.4 13.6L18.9 13.9L18.3 15.5L19.8 17.5L17.5 19.8L15.5 18.3L13.9 18.9L13.6 21.4L10.4 21.4L10.1 18.9L8.5 18.3L6.5 19.8L4.2 17.5L5.7 15.5L5.1 13.9L2.6 13.6L2.6 10.4L5.1 10.1L5.7 8.5L4.2 6.5L6.5 4.2L8.5 5.7L10.1 5.1L10.4 2.6L13.6 2.6L13.9 5.1L15.5 5.7L17.5 4.2L19.8 6.5L18.3 8.5z" />
    </>
  ),
  'cloud-up': <path d="M7 18.5a4.5 4.5 0 0 1-.6-9A6 6 0 0 1 18 10a4 4 0 0 1-.5 8.5M12 20.5v-7M9 16l3-3 3 3" />,
  'log-out': <path d="M14.5 4.5H18a1.5 1.5 0 0 1 1.5 1.5v12a1.5 1.5 0 0 1-1.5 1.5h-3.5M10 16.5L5.5 12 10 7.5M5.5 12h9" />,
  palette: (
    <>
      <path d="M12 3a9 9 0 1 0 0 18c1.2 0 1.7-.9 1.7-1.7 0-.9-.7-1.3-.7-2.1 0-1 .8-1.5 1.8-1.5H17a4 4 0 0 0 4-4C21 6.9 17 3 12 3z" />
      <g fill="currentColor" stroke="none">
        <circle cx="7.5" cy="11" r="1.3" />
        <circle cx="10" cy="7" r="1.3" />
        <circle cx="14.5" cy="7" r="1.3" />
      </g>
    </>
  ),
} satisfies Record<string, ReactNode>;

export type IconName = keyof typeof PATHS;
export const ICON_NAMES = Object.keys(PATHS) as IconName[];

interface IconProps {
  name: IconName;
  /**
   * The icon's accessible name, when the icon alone says something. Leave it out when the text
   * or the aria-label of the control beside it already says it: the icon is then hidden from
   * screen readers.
   */
  label?: string;
  /** Filled instead of outlined (a favourite's star). */
  filled?: boolean;
  className?: string;
}

export function Icon({ name, label, filled = false, className }: IconProps) {
  const a11y = label ? { role: 'img', 'aria-label': label } : { 'aria-hidden': true as const };
  return (
    <svg
      className={[css.icon, className].filter(Boolean).join(' ')}
      viewBox="0 0 24 24"
      width="1em"
      height="1em"
      fill={filled ? 'currentColor' : 'none'}
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      focusable="false"
      data-icon={name}
      {...a11y}
    >
      {PATHS[name]}
    </svg>
  );
}
