import { useEffect, useState } from 'react';
import { msg } from '@lingui/core/macro';
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

const LABEL = msg`Denunciar`;

/**
 * "Denunciar" (issue 33): an icon button that opens the report dialog, on a notebook question or
 * answer (a guest's too), a guestbook message, a poll, a profile. Nothing for visitors, nor on the
 * person's own content (`authorId` is theirs; an anonymous answer's author is unknown here, and
 * the person's own anonymous answer carries their id on their own device).
 */
export default function ReportButton({ kind, targetId, authorId = null }: { kind: ReportKind; targetId: string; authorId?: string | null }) {
  const { i18n } = useLingui();
  const me = useSessionStore((s) => s.userId);
  const [open, setOpen] = useState(false);
  // Its words are in the profile screens' catalog, which the notebook screens do not load otherwise.
  useEffect(() => void loadCatalogArea('profiles').catch(() => undefined), []);
  // A build keeps only the messages' ids: until that catalog is here the button would be named by
  // an id (its name is all a screen reader has of it), so it shows once its words are.
  const wordsHere = LABEL.message !== undefined || i18n.messages[LABEL.id] !== undefined;
  if (!wordsHere || !me || (authorId && authorId === me) || (kind === 'profile' && targetId === me)) return null;
  const label = i18n._(LABEL);
  return (
    <>
      <button
        type="button"
        className={css.iconButton}
        aria-label={label}
        title={label}
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
