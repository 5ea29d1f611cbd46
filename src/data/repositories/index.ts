/**
 * The typed API screens call, bound to one signed-in person's data context. Every write checks
 * spec §5 first and returns a WriteResult ({ok: true, value} or {ok: false, problem} with
 * a code, src/data/problems.ts); every query is a live RxJS observable of plain objects.
 */
import { answersAwaitingModeration$, notebookView$ } from '../queries/notebook.ts';
import { moderationLists$ } from '../queries/moderation.ts';
import { collaborations$, dashboard$, favoriteNotebooks$, myNotebooks$, sharedWithMe$ } from '../queries/dashboard.ts';
import { notificationPage$, notifications$, unreadNotificationCount$ } from '../queries/notifications.ts';
import { profilesById$ } from '../queries/profiles.ts';
import { notebookDefaults$ } from '../queries/notebook-defaults.ts';
import { roundView$ } from '../queries/round.ts';
import { myReports$ } from '../queries/reports.ts';
import { achievementChanges$, newAchievementAwards$ } from '../queries/achievements.ts';
import { answerQuestion, deleteAnswer, myAnswerId, type AnswerInput } from './answers.ts';
import { setFavorite } from './favorites.ts';
import { createInviteLink, redeemInvite, revokeInviteLink, searchPeople } from './invites.ts';
import { moderateAnswer } from './moderation.ts';
import { createNotebook, deleteNotebook, updateNotebook, type NotebookChanges, type NotebookInput } from './notebooks.ts';
import { markAllNotificationsRead, markNotificationsRead, notificationActorNames } from './notifications.ts';
import { addQuestion, editQuestion, removeQuestion, reorderQuestions, setQuestionBlocked } from './questions.ts';
import { discardRejection, fixRejection } from './rejections.ts';
import { makeReport, type ReportInput } from './reports.ts';
import {
  answerAsGuest,
  claimGuest,
  endRound,
  endTurn,
  handOn,
  startRound,
  startTurn,
  type GuestInput,
  type LockInput,
  type RoundContext,
} from './rounds.ts';
import {
  acceptCollaboration,
  changeCollaboratorRole,
  inviteCollaborator,
  removeCollaborator,
  shareNotebook,
  unshareNotebook,
} from './sharing.ts';
import type { CollaboratorRole, ModerationStatus } from '../schemas/index.ts';
import { refuse, type RoundResult, type WriteResult } from '../problems.ts';

export type ApiContext = RoundContext;

type Writes = Record<string, (...args: never[]) => Promise<WriteResult<unknown> | RoundResult<unknown>>>;

/**
 * A write never fails silently (issue 16). Refusals come back as results, which the screens
 * show; but the local database can also throw — closed under the call (a sign-out, another
 * session opening), storage full, a bug — and screens start writes from event handlers as
 * `void write()`, where a rejection is dropped and the person sees nothing. So every write of
 * the API answers a thrown error as the refusal 'not_saved' (logged with its cause).
 */
function failuresAsRefusals<Group extends Writes>(group: Group): Group {
  const guarded: Record<string, unknown> = {};
  for (const [name, write] of Object.entries(group)) {
    guarded[name] = (...args: never[]) =>
      write(...args).catch((error: unknown) => {
        console.error(`[data] the write ${name} failed`, error);
        return refuse({ code: 'not_saved' });
      });
  }
  return guarded as Group;
}

export function createApi(ctx: ApiContext) {
  const api = createWrites(ctx);
  return {
    notebooks: failuresAsRefusals(api.notebooks),
    questions: failuresAsRefusals(api.questions),
    answers: { ...failuresAsRefusals(api.answers.writes), myAnswerId: api.answers.myAnswerId },
    sharing: failuresAsRefusals(api.sharing),
    invites: failuresAsRefusals(api.invites),
    notifications: { ...failuresAsRefusals(api.notifications.writes), actorNames: api.notifications.actorNames },
    rejections: { ...failuresAsRefusals({ fix: api.rejections.fix }), discard: api.rejections.discard },
    rounds: failuresAsRefusals(api.rounds),
    reports: failuresAsRefusals(api.reports),
    queries: api.queries,
  };
}

function createWrites(ctx: ApiContext) {
  return {
    notebooks: {
      create: (input: NotebookInput) => createNotebook(ctx, input),
      update: (id: string, changes: NotebookChanges) => updateNotebook(ctx, id, changes),
      delete: (id: string) => deleteNotebook(ctx, id),
      setFavorite: (id: string, favorite: boolean) => setFavorite(ctx, id, favorite),
    },
    questions: {
      add: (notebookId: string, text: string) => addQuestion(ctx, notebookId, text),
      edit: (id: string, text: string) => editQuestion(ctx, id, text),
      reorder: (notebookId: string, orderedIds: string[]) => reorderQuestions(ctx, notebookId, orderedIds),
      setBlocked: (id: string, blocked: boolean) => setQuestionBlocked(ctx, id, blocked),
      remove: (id: string) => removeQuestion(ctx, id),
    },
    answers: {
      writes: {
        answer: (questionId: string, input: AnswerInput) => answerQuestion(ctx, questionId, input),
        delete: (answerId: string) => deleteAnswer(ctx, answerId),
        moderate: (answerId: string, status: ModerationStatus, notes?: string | null) => moderateAnswer(ctx, answerId, status, notes ?? null),
      },
      myAnswerId: (questionId: string) => myAnswerId(ctx, questionId),
    },
    sharing: {
      share: (notebookId: string, userId: string) => shareNotebook(ctx, notebookId, userId),
      unshare: (notebookId: string, userId: string) => unshareNotebook(ctx, notebookId, userId),
      leave: (notebookId: string) => unshareNotebook(ctx, notebookId, ctx.userId),
      inviteCollaborator: (notebookId: string, userId: string, role?: CollaboratorRole) => inviteCollaborator(ctx, notebookId, userId, role),
      acceptCollaboration: (id: string) => acceptCollaboration(ctx, id),
      changeCollaboratorRole: (id: string, role: CollaboratorRole) => changeCollaboratorRole(ctx, id, role),
      removeCollaborator: (id: string) => removeCollaborator(ctx, id),
      searchPeople: (query: string, after: string | null = null) => searchPeople(ctx, query, after),
    },
    invites: {
      create: (notebookId: string, expiresAt?: string | null) => createInviteLink(ctx, notebookId, expiresAt ?? null),
      revoke: (inviteId: string) => revokeInviteLink(ctx, inviteId),
      redeem: (code: string) => redeemInvite(ctx, code),
    },
    notifications: {
      writes: {
        markRead: (ids: string[]) => markNotificationsRead(ctx, ids),
        markAllRead: () => markAllNotificationsRead(ctx),
      },
      /** Names of people this device holds no profile of, from the server when online (issue 31). */
      actorNames: (ids: string[]) => notificationActorNames(ctx, ids),
    },
    rejections: {
      discard: (key: string) => discardRejection(ctx, key),
      fix: <T>(key: string, write: () => Promise<WriteResult<T>>) => fixRejection(ctx, key, write),
    },
    reports: {
      /** Reports something (issue 33): written here, pushed like any write. */
      report: (input: ReportInput) => makeReport(ctx, input),
    },
    rounds: {
      start: (notebookId: string, lock: LockInput) => startRound(ctx, notebookId, lock),
      startTurn: (guest: GuestInput) => startTurn(ctx, guest),
      answer: (questionId: string, text: string) => answerAsGuest(ctx, questionId, text),
      endTurn: () => endTurn(ctx),
      handOn: () => handOn(ctx),
      end: (secret: string) => endRound(ctx, secret),
      claim: (code: string) => claimGuest(ctx, code),
    },
    queries: {
      /** The round of "Passar o caderno" on this device (issue 21). */
      round: () => roundView$(ctx),
      dashboard: () => dashboard$(ctx),
      myNotebooks: () => myNotebooks$(ctx),
      sharedWithMe: () => sharedWithMe$(ctx),
      favorites: () => favoriteNotebooks$(ctx),
      collaborations: () => collaborations$(ctx),
      notebook: (id: string) => notebookView$(ctx, id),
      awaitingModeration: (notebookId: string) => answersAwaitingModeration$(ctx, notebookId),
      /** Pending, approved and rejected answers of a notebook, for those who moderate. */
      moderation: (notebookId: string) => moderationLists$(ctx, notebookId),
      notifications: () => notifications$(ctx),
      unreadNotifications: () => unreadNotificationCount$(ctx),
      /** The newest `limit` notifications with the names this device may show (issue 31). */
      notificationPage: (limit: number) => notificationPage$(ctx, limit),
      profiles: () => profilesById$(ctx),
      /** What a new notebook starts with (Settings → notebooks). */
      notebookDefaults: () => notebookDefaults$(ctx),
      /** The person's awards this device has not announced yet, each once (issue 31: the toast). */
      newAchievementAwards: () => newAchievementAwards$(ctx),
      /** 'changed' when a new award reaches the device (their achievements read again). */
      achievementChanges: () => achievementChanges$(ctx),
      /** My reports with their state, newest first (issue 33; offline from this device). */
      myReports: () => myReports$(ctx),
    },
  };
}

export type DataApi = ReturnType<typeof createApi>;
