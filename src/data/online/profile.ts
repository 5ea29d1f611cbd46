/**
 * The profile and settings screens' calls (issue 22): online-only, through supabase-js. Results
 * are plain data and failures are codes (`OnlineProblem`): the screens own the words. Screens do
 * not call these directly but through TanStack Query (src/screens/online/query-client.ts), which
 * retries, caches and keeps the last result for reading offline.
 */
import { getSupabase } from '../supabase.ts';
import { serverRefusalCode, type Problem } from '../problems.ts';
import { track } from '../../analytics/analytics.ts';

export type Visibility = 'public' | 'private';
export type ConnectionsVisibility = 'public' | 'friends' | 'private';
export type FriendRequestsFrom = 'everyone' | 'companions' | 'nobody';

export interface EarnedAchievement {
  id: string;
  name_pt: string;
  name_en: string;
  rarity: 'common' | 'uncommon' | 'rare' | 'epic' | 'legendary';
  points: number;
  earned_at: string;
}

/** What `public.profile_view` returns: a card (private profile, stranger) or the full profile. */
export interface ProfileCard {
  reach: 'card';
  id: string;
  username: string;
  display_name: string | null;
  avatar_url: string | null;
  is_self: false;
}

export interface FullProfile extends Omit<ProfileCard, 'reach' | 'is_self'> {
  reach: 'full';
  is_self: boolean;
  cover_url: string | null;
  bio: string | null;
  status_message: string | null;
  visibility: Visibility;
  connections_visibility: ConnectionsVisibility;
  connections_visible: boolean;
  created_at: string;
  achievements: EarnedAchievement[];
}

export type ProfileView = ProfileCard | FullProfile;

/** A call that failed: 'network' when the server could not be reached, else the server's reason. */
export class OnlineError extends Error {
  constructor(
    readonly problem: OnlineProblem,
    message?: string,
    /** The server's own reason (its `hint`) when it is not one of PROBLEM_CODES, e.g. safety's 'guardian_pending'. */
    readonly reason?: string,
  ) {
    super(message ?? (problem === 'network' ? problem : problem.code));
    this.name = 'OnlineError';
  }
}
/** 'network': the server could not be reached (offline, or it is down); else the server's refusal. */
export type OnlineProblem = 'network' | Problem;

interface PostgrestLikeError {
  message?: string;
  code?: string;
  hint?: string | null;
  details?: string | null;
}

function fail(error: PostgrestLikeError | null): never {
  // supabase-js answers a request that never reached the server with an empty code and the
  // fetch's TypeError text ('Failed to fetch', 'Load failed', 'NetworkError …')
  if (!error?.code) throw new OnlineError('network', error?.message);
  const code = serverRefusalCode(error.hint);
  let words: string[] | undefined;
  if (code === 'forbidden_words') {
    try {
      words = JSON.parse(error.details ?? '[]') as string[];
    } catch {
      words = [];
    }
  }
  throw new OnlineError({ code, words }, error.message, error.hint ?? undefined);
}

/** The profile at /profile/{username} as the caller may see it, or null (missing, or not theirs to see). */
export async function fetchProfileView(username: string): Promise<ProfileView | null> {
  const { data, error } = await getSupabase().rpc('profile_view', { p_username: username });
  if (error) fail(error);
  return (data as ProfileView | null) ?? null;
}

export interface PublicProfileFields {
  display_name: string | null;
  bio: string | null;
  status_message: string | null;
}

export interface SocialFields {
  visibility: Visibility;
  connections_visibility: ConnectionsVisibility;
}

export interface MySettings extends PublicProfileFields, SocialFields {
  id: string;
  username: string;
  avatar_url: string | null;
  cover_url: string | null;
  friend_requests_from: FriendRequestsFrom;
  notebook_theme: string;
  notebook_pre_moderation: boolean;
  notebook_author: string | null;
}

/** The signed-in person's profile and settings rows, as the settings screen edits them. */
export async function fetchMySettings(userId: string): Promise<MySettings> {
  const client = getSupabase();
  const [profile, settings] = await Promise.all([
    client
      .from('profiles')
      .select('id, username, display_name, bio, status_message, avatar_url, cover_url, visibility, connections_visibility')
      .eq('id', userId)
      .single(),
    client
      .from('user_settings')
      .select('friend_requests_from, notebook_theme, notebook_pre_moderation, notebook_author')
      .eq('user_id', userId)
      .single(),
  ]);
  if (profile.error) fail(profile.error);
  if (settings.error) fail(settings.error);
  return { ...(profile.data as object), ...(settings.data as object) } as MySettings;
}

type ProfileChange = Partial<PublicProfileFields & SocialFields & { avatar_url: string | null; cover_url: string | null }>;
export type SettingsChange = Partial<Pick<MySettings, 'friend_requests_from' | 'notebook_theme' | 'notebook_pre_moderation' | 'notebook_author'>>;

export async function updateMyProfile(userId: string, change: ProfileChange): Promise<void> {
  const { error } = await getSupabase().from('profiles').update(change).eq('id', userId);
  if (error) fail(error);
  track('profile_updated');
}

export async function updateMySettings(userId: string, change: SettingsChange): Promise<void> {
  const { error } = await getSupabase().from('user_settings').update(change).eq('user_id', userId);
  if (error) fail(error);
}
