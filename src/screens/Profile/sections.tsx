import type { ComponentType } from 'react';
import type { FullProfile, ProfileView } from '../../data/online/profile.ts';
import BlockPersonButton from '../safety/BlockPersonButton.tsx';
import AddFriendButton from '../online/friends/AddFriendButton.tsx';
import ProfileFriends from '../online/friends/ProfileFriends.tsx';
import Guestbook from '../online/social/Guestbook.tsx';
import Poll from '../online/social/Poll.tsx';
import ReportButton from '../online/reports/ReportButton.tsx';

/**
 * The places later issues fill on a profile, in the order the page shows them (spec §2: "Public
 * profile: guestbook, poll, achievements, connections list"). A place with no component shows
 * nothing: the page never announces what is not there. An issue that builds one sets its
 * component here (loaded lazily by that component's own module if it is large).
 */
export interface ProfileSectionProps {
  profile: FullProfile;
}

export const PROFILE_SECTIONS: { id: 'guestbook' | 'poll' | 'friends' | 'connections'; Component: ComponentType<ProfileSectionProps> | null }[] = [
  { id: 'guestbook', Component: Guestbook },
  { id: 'poll', Component: Poll },
  /** the friends list (friends issue); shown only when connections_visible */
  { id: 'connections', Component: ProfileFriends },
  { id: 'friends', Component: null },
];

/**
 * Actions on someone else's profile (block, report, add friend — the safety and friends issues).
 * Each gets the profile as the viewer may see it (a card or the full profile).
 */
export const PROFILE_ACTIONS: { id: string; Component: ComponentType<{ profile: ProfileView }> }[] = [
  { id: 'add-friend', Component: AddFriendButton },
  { id: 'block', Component: ({ profile }) => <BlockPersonButton userId={profile.id} username={profile.username} /> },
  { id: 'report', Component: ({ profile }) => <ReportButton kind="profile" targetId={profile.id} /> },
];
