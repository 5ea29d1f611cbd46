import type { ReactNode } from 'react';
import type { AchievementIconName } from '../../data/online/achievement-icons.ts';
import * as css from './achievement-icon.css.ts';

/**
 * An achievement's icon (achievements.icon, a key of ACHIEVEMENT_ICONS), drawn as inline SVG as
 * the app's other icons (src/components/Icon.tsx): lines in currentColor, hidden from screen
 * readers unless `label` names it (the achievement's name beside it usually says enough).
 */
const DRAWINGS: Record<AchievementIconName, ReactNode> = {
  'door-open': <path d="M4.5 20.5h15M6.5 20.5v-16h8v16M14.5 4.5l4 1.5v14.5M11.5 12.5h.01" />,
  notebook: <path d="M6 3.5h11.5a1 1 0 0 1 1 1v15a1 1 0 0 1-1 1H6a1.5 1.5 0 0 1-1.5-1.5v-14A1.5 1.5 0 0 1 6 3.5zM8.5 3.5v17M11.5 8h4M11.5 11h4" />,
  notebooks: <path d="M8 2.5h10a1 1 0 0 1 1 1v13a1 1 0 0 1-1 1H8zM8 2.5a1.5 1.5 0 0 0-1.5 1.5v12a1.5 1.5 0 0 0 1.5 1.5M4.5 6.5v13a1.5 1.5 0 0 0 1.5 1.5h10M11.5 7h4" />,
  pencil: <path d="M4 20l1.2-4.6L16 4.6a2 2 0 0 1 2.8 0l.6.6a2 2 0 0 1 0 2.8L8.6 18.8zM14 6.6l3.4 3.4" />,
  compass: (
    <>
      <circle cx="12" cy="12" r="8.5" />
      <path d="M15.5 8.5l-2 5-5 2 2-5z" />
    </>
  ),
  handshake: <path d="M2.5 11.5l4-4 3 1 2.5-1.5 2.5 1.5 3-1 4 4M6.5 7.5l-1 6 4.5 4.5a1.4 1.4 0 0 0 2-2M17.5 7.5l1 6-4.5 4.5a1.4 1.4 0 0 1-2-2M10 13.5l2 2M12 11.5l2.5 2.5" />,
  megaphone: <path d="M3.5 10v4a1 1 0 0 0 1 1H7l7.5 4.5v-15L7 9H4.5a1 1 0 0 0-1 1zM7 15l1.5 5h2.5L10 15.5M18 9.5a3.5 3.5 0 0 1 0 5" />,
  medal: (
    <>
      <circle cx="12" cy="15" r="5" />
      <path d="M8.5 11.5L5.5 3.5h4l2.5 6M15.5 11.5l3-8h-4l-2.5 6M12 13v4" />
    </>
  ),
  star: <path d="M12 3.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8L12 16.9l-5.2 2.7 1-5.8-4.3-4.1 5.9-.9z" />,
  heart: <path d="M12 20.5S3.5 15.4 3.5 9.3C3.5 6.4 5.7 4.5 8.2 4.5c1.6 0 2.9.9 3.8 2.2.9-1.3 2.2-2.2 3.8-2.2 2.5 0 4.7 1.9 4.7 4.8 0 6.1-8.5 11.2-8.5 11.2z" />,
  trophy: <path d="M7.5 3.5h9v5a4.5 4.5 0 0 1-9 0zM7.5 5.5h-3a3 3 0 0 0 3 4.5M16.5 5.5h3a3 3 0 0 1-3 4.5M12 13v4M8 20.5h8M9.5 17h5v3.5h-5z" />,
  users: <path d="M9 11a3.5 3.5 0 1 0 0-7 3.5 3.5 0 0 0 0 7zM2.5 20c0-3.6 2.9-6 6.5-6s6.5 2.4 6.5 6M15.5 4.3a3.5 3.5 0 0 1 0 6.4M18 14.4c2.1.8 3.5 2.9 3.5 5.6" />,
};

export function AchievementIcon({ name, label, className }: { name: AchievementIconName; label?: string; className?: string }) {
  const a11y = label ? { role: 'img', 'aria-label': label } : { 'aria-hidden': true as const };
  return (
    <svg
      className={className ? `${css.icon} ${className}` : css.icon}
      viewBox="0 0 24 24"
      width="1.5em"
      height="1.5em"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      focusable="false"
      data-achievement-icon={name}
      {...a11y}
    >
      {DRAWINGS[name]}
    </svg>
  );
}
