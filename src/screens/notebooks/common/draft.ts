/** The create form's state and its checks before anything is written (spec §5). */
import { TITLE_MIN_LENGTH } from '../../../data/content-rules.ts';
import type { Problem } from '../../../data/problems.ts';
import type { CoverSticker } from '../../../data/schemas/notebooks.ts';

export interface NotebookDraft {
  title: string;
  description: string;
  author: string;
  theme: string;
  subtitle: string;
  stickers: CoverSticker[];
}

export const EMPTY_DRAFT: NotebookDraft = { title: '', description: '', author: '', theme: 'purple', subtitle: '', stickers: [] };

/** The problem of each field that cannot be saved yet (forbidden words are the data layer's to find). */
export function draftProblems(draft: Pick<NotebookDraft, 'title'>): { title?: Problem } {
  return draft.title.trim().length < TITLE_MIN_LENGTH ? { title: { code: 'title_too_short', field: 'title' } } : {};
}

/** Changed from what the form started with (the empty draft, or the person's defaults). */
export function isDirty(draft: NotebookDraft, start: NotebookDraft = EMPTY_DRAFT): boolean {
  return JSON.stringify(draft) !== JSON.stringify(start);
}
