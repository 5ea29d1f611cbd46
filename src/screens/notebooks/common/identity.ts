/**
 * Who wrote an answer, as this person may be told (spec §1, S5): an anonymous answer shows
 * no identity, except to the notebook's owner and to the answerer. The data layer already strips
 * user_id and responder_name of anonymous answers on every other device; this rule holds even
 * if a field slipped through, so the screen never shows what the person may not see.
 */
import type { AnswerDoc, ProfileDoc } from '../../../data/schemas/index.ts';

export type AnswerAuthor =
  | { kind: 'me'; anonymous: boolean }
  | { kind: 'anonymous' }
  /** A signed answer whose writer this device has no name for (another sharee, a removed person). */
  | { kind: 'unnamed' }
  /** The owner's view of an anonymous answer: who it was, marked as anonymous. */
  | { kind: 'revealed'; name: string; username: string | null }
  | { kind: 'named'; name: string; username: string | null };

export interface Viewer {
  userId: string;
  isOwner: boolean;
}

type ProfileLookup = Pick<Map<string, Pick<ProfileDoc, 'username' | 'display_name'>>, 'get'>;

export function answerAuthor(answer: Pick<AnswerDoc, 'user_id' | 'is_anonymous' | 'responder_name'>, viewer: Viewer, profiles: ProfileLookup): AnswerAuthor {
  if (answer.user_id && answer.user_id === viewer.userId) return { kind: 'me', anonymous: answer.is_anonymous };
  if (answer.is_anonymous && !viewer.isOwner) return { kind: 'anonymous' };
  const profile = answer.user_id ? profiles.get(answer.user_id) : undefined;
  const username = profile?.username ?? null;
  const name = answer.responder_name?.trim() || profile?.display_name?.trim() || username || '';
  if (!name) return answer.is_anonymous ? { kind: 'anonymous' } : { kind: 'unnamed' };
  return answer.is_anonymous ? { kind: 'revealed', name, username } : { kind: 'named', name, username };
}
