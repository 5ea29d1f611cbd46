/**
 * The replicated collections of ARCHITECTURE §2 (13: all the open-core build allows per
 * process; issue 33 added reports), each with its schema and migration strategies. The names are the server's
 * (replication_pull / replication_push take them as `p_collection`).
 */
import type { RxCollection } from 'rxdb';
import { answersCollection, type AnswerDoc } from './answers.ts';
import { favoritesCollection, type FavoriteDoc } from './favorites.ts';
import type { CollectionDefinition } from './fields.ts';
import { forbiddenWordsCollection, type ForbiddenWordDoc } from './forbidden-words.ts';
import { guestsCollection, type GuestDoc } from './guests.ts';
import { inviteLinksCollection, type InviteLinkDoc } from './invite-links.ts';
import { notebookCollaboratorsCollection, type NotebookCollaboratorDoc } from './notebook-collaborators.ts';
import { notebookSharesCollection, type NotebookShareDoc } from './notebook-shares.ts';
import { notebooksCollection, type NotebookDoc } from './notebooks.ts';
import { notificationsCollection, type NotificationDoc } from './notifications.ts';
import { profilesCollection, type ProfileDoc } from './profiles.ts';
import { questionsCollection, type QuestionDoc } from './questions.ts';
import { reportsCollection, type ReportDoc } from './reports.ts';
import { userSettingsCollection, type UserSettingsDoc } from './user-settings.ts';

export interface DocTypes {
  notebooks: NotebookDoc;
  questions: QuestionDoc;
  answers: AnswerDoc;
  notebook_shares: NotebookShareDoc;
  notebook_collaborators: NotebookCollaboratorDoc;
  invite_links: InviteLinkDoc;
  profiles: ProfileDoc;
  user_settings: UserSettingsDoc;
  notifications: NotificationDoc;
  favorites: FavoriteDoc;
  forbidden_words: ForbiddenWordDoc;
  guests: GuestDoc;
  reports: ReportDoc;
}

export type CollectionName = keyof DocTypes;

export const COLLECTIONS: { [Name in CollectionName]: CollectionDefinition<DocTypes[Name]> } = {
  notebooks: notebooksCollection,
  questions: questionsCollection,
  answers: answersCollection,
  notebook_shares: notebookSharesCollection,
  notebook_collaborators: notebookCollaboratorsCollection,
  invite_links: inviteLinksCollection,
  profiles: profilesCollection,
  user_settings: userSettingsCollection,
  notifications: notificationsCollection,
  favorites: favoritesCollection,
  forbidden_words: forbiddenWordsCollection,
  guests: guestsCollection,
  reports: reportsCollection,
};

export const COLLECTION_NAMES = Object.keys(COLLECTIONS) as CollectionName[];

export type Collections = { [Name in CollectionName]: RxCollection<DocTypes[Name]> };

export type { AnswerDoc, GuestDoc, FavoriteDoc, ForbiddenWordDoc, InviteLinkDoc, NotebookCollaboratorDoc, NotebookDoc, NotebookShareDoc };
export type { NotificationDoc, ProfileDoc, QuestionDoc, ReportDoc, UserSettingsDoc };
export type { ReportDecision, ReportKind, ReportReason, ReportStatus } from './reports.ts';
export { REPORT_DETAILS_MAX, REPORT_KINDS, REPORT_REASONS } from './reports.ts';
export type { ModerationStatus } from './answers.ts';
export type { CollaboratorRole, CollaborationStatus } from './notebook-collaborators.ts';
export type { NotebookCover, NotebookTheme } from './notebooks.ts';
export { NOTEBOOK_THEMES } from './notebooks.ts';
