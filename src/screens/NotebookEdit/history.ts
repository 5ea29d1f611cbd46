import type { NotebookView } from '../../data/queries/notebook.ts';

export interface HistoryEntry {
  kind: 'created' | 'updated' | 'question';
  at: string;
  text: string;
}

/** What the local data tells of a notebook's changes, newest first (at most `limit` entries). */
export function historyOf(view: Pick<NotebookView, 'notebook' | 'questions'>, limit = 20): HistoryEntry[] {
  const { notebook } = view;
  const entries: HistoryEntry[] = [{ kind: 'created', at: notebook.created_at, text: notebook.title }];
  if (notebook.updated_at && notebook.updated_at !== notebook.created_at) entries.push({ kind: 'updated', at: notebook.updated_at, text: notebook.title });
  for (const { question } of view.questions) {
    if (question.created_at) entries.push({ kind: 'question', at: question.created_at, text: question.text });
  }
  return entries
    .filter((e) => e.at && !Number.isNaN(Date.parse(e.at)))
    .sort((a, b) => b.at.localeCompare(a.at))
    .slice(0, limit);
}
