/** The create form's state and its checks before anything is written (spec §5). */
import { MESSAGES, TITLE_MIN_LENGTH } from '../../../data/content-rules.ts';
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

/** The spec's sentence for each field that cannot be saved yet (forbidden words are the data layer's to find). */
export function draftProblems(draft: Pick<NotebookDraft, 'title'>): { title?: string } {
  return draft.title.trim().length < TITLE_MIN_LENGTH ? { title: MESSAGES.titleTooShort } : {};
}

export function isDirty(draft: NotebookDraft): boolean {
  return JSON.stringify(draft) !== JSON.stringify(EMPTY_DRAFT);
}
