/** The guestbook's and the poll's icons: inline SVG, hidden from screen readers (the text says it). */
const common = { viewBox: '0 0 24 24', fill: 'none', stroke: 'currentColor', strokeWidth: 2, strokeLinecap: 'round', strokeLinejoin: 'round', 'aria-hidden': true, focusable: false } as const;

export function GuestbookIcon({ className }: { className?: string }) {
  return (
    <svg {...common} className={className}>
      <path d="M21 15a2 2 0 0 1-2 2H8l-5 4V5a2 2 0 0 1 2-2h14a2 2 0 0 1 2 2z" />
      <path d="M8 9h8M8 13h5" />
    </svg>
  );
}

export function PollIcon({ className }: { className?: string }) {
  return (
    <svg {...common} className={className}>
      <path d="M4 20h16" />
      <rect x="5" y="10" width="3" height="7" />
      <rect x="10.5" y="5" width="3" height="12" />
      <rect x="16" y="13" width="3" height="4" />
    </svg>
  );
}
