import { useEffect, useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import type { ReportKind } from '../../../data/schemas/index.ts';
import { loadCatalogArea } from '../../../locale/i18n.ts';
import { useSessionStore } from '../../../state/session.ts';
import ReportDialog from './ReportDialog.tsx';
import * as css from './reports.css.ts';

/** A flag: inline SVG, hidden from screen readers (the button's name says it). */
export function ReportIcon({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false" className={className}>
      <path d="M5 21V4" />
      <path d="M5 4h11l-2 4 2 4H5" />
    </svg>
  );
}

/**
 * "Denunciar" (issue 33): an icon button that opens the report dialog, on a notebook question or
 * answer (a guest's too), a guestbook message, a poll, a profile. Nothing for visitors, nor on the
 * person's own content (`authorId` is theirs; an anonymous answer's author is unknown here, and
 * the person's own anonymous answer carries their id on their own device).
 */
export default function ReportButton({ kind, targetId, authorId = null }: { kind: ReportKind; targetId: string; authorId?: string | null }) {
  const { t } = useLingui();
  const me = useSessionStore((s) => s.userId);
  const [open, setOpen] = useState(false);
  // Its words are in the profile screens' catalog, which the notebook screens do not load otherwise.
  useEffect(() => void loadCatalogArea('profiles').catch(() => undefined), []);
  if (!me || (authorId && authorId === me) || (kind === 'profile' && targetId === me)) return null;
  return (
    <>
      <button
        type="button"
        className={css.iconButton}
        aria-label={t`Denunciar`}
        title={t`Denunciar`}
        aria-haspopup="dialog"
        data-testid="report-button"
        data-report-kind={kind}
        onClick={() => setOpen(true)}
      >
        <ReportIcon className={css.icon} />
      </button>
      {open ? <ReportDialog kind={kind} targetId={targetId} onClose={() => setOpen(false)} /> : null}
    </>
  );
}
