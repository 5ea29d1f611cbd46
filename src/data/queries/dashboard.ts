/**
 * The dashboard's four tabs (spec §2): my notebooks, shared with me, favourites, collaborations —
 * each a live list of cards with the person's role, the favourite flag and the statistics
 * (questions, answers, answers awaiting moderation) the statistics toggle shows.
 */
import { Observable, combineLatest, map } from 'rxjs';
import type { DataContext } from '../repositories/context.ts';
import { MANAGES, roleFrom, type NotebookRole } from '../repositories/roles.ts';
import type { NotebookCollaboratorDoc, NotebookDoc } from '../schemas/index.ts';
import { all$, newestFirst } from './common.ts';

export interface NotebookCard {
  notebook: NotebookDoc;
  role: NotebookRole;
  isFavorite: boolean;
  questionCount: number;
  answerCount: number;
  /** Answers waiting for moderation; 0 for people who do not moderate (the server sends them none). */
  awaitingModerationCount: number;
  /** For the collaborations tab. */
  collaboration?: NotebookCollaboratorDoc;
}

export interface Dashboard {
  mine: NotebookCard[];
  sharedWithMe: NotebookCard[];
  favorites: NotebookCard[];
  collaborations: NotebookCard[];
}

function countBy<T>(docs: T[], key: (doc: T) => string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const doc of docs) counts.set(key(doc), (counts.get(key(doc)) ?? 0) + 1);
  return counts;
}

/** All four tabs at once, live. */
export function dashboard$(ctx: DataContext): Observable<Dashboard> {
  return combineLatest([
    all$(ctx, 'notebooks'),
    all$(ctx, 'notebook_shares', { shared_with: ctx.userId }),
    all$(ctx, 'notebook_collaborators', { user_id: ctx.userId }),
    all$(ctx, 'favorites'),
    all$(ctx, 'questions'),
    all$(ctx, 'answers'),
  ]).pipe(
    map(([notebooks, shares, collaborations, favorites, questions, answers]) => {
      const favoriteIds = new Set(favorites.map((f) => f.notebook_id));
      const shareByNotebook = new Map(shares.map((s) => [s.notebook_id, s]));
      const collaborationByNotebook = new Map(collaborations.map((c) => [c.notebook_id, c]));
      const questionCounts = countBy(questions.filter((q) => !q.blocked), (q) => q.notebook_id);
      const answerCounts = countBy(answers.filter((a) => a.moderation_status === 'approved'), (a) => a.notebook_id);
      const awaitingCounts = countBy(answers.filter((a) => a.moderation_status === 'pending'), (a) => a.notebook_id);
      const card = (notebook: NotebookDoc): NotebookCard => {
        const role = roleFrom(ctx.userId, notebook, collaborationByNotebook.get(notebook.id), shareByNotebook.get(notebook.id));
        return {
          notebook,
          role,
          isFavorite: favoriteIds.has(notebook.id),
          questionCount: questionCounts.get(notebook.id) ?? 0,
          answerCount: answerCounts.get(notebook.id) ?? 0,
          awaitingModerationCount: MANAGES.has(role) ? (awaitingCounts.get(notebook.id) ?? 0) : 0,
          collaboration: collaborationByNotebook.get(notebook.id),
        };
      };
      const cards = notebooks.sort(newestFirst('updated_at')).map(card);
      return {
        mine: cards.filter((c) => c.role === 'owner'),
        sharedWithMe: cards.filter((c) => c.role !== 'owner' && shareByNotebook.has(c.notebook.id)),
        favorites: cards.filter((c) => c.isFavorite),
        collaborations: cards.filter((c) => collaborationByNotebook.has(c.notebook.id)),
      };
    }),
  );
}

export const myNotebooks$ = (ctx: DataContext) => dashboard$(ctx).pipe(map((d) => d.mine));
export const sharedWithMe$ = (ctx: DataContext) => dashboard$(ctx).pipe(map((d) => d.sharedWithMe));
export const favoriteNotebooks$ = (ctx: DataContext) => dashboard$(ctx).pipe(map((d) => d.favorites));
export const collaborations$ = (ctx: DataContext) => dashboard$(ctx).pipe(map((d) => d.collaborations));
