import { Fragment } from 'react';
import { Trans } from '@lingui/react/macro';
import { Link, Redirect, useLocation, useParams } from 'wouter';
import { backTo } from '../../navigation/links.ts';
import { button } from '../../components/ui.css.ts';
import { PageSkeleton } from '../../components/PageSkeleton.tsx';
import { useOnline } from '../../components/frame/useOnline.ts';
import type { FullProfile, ProfileView } from '../../data/online/profile.ts';
import { useSessionStore } from '../../state/session.ts';
import { OfflineCopyNote, OnlineData } from '../online/OnlineData.tsx';
import { Avatar, Cover } from '../online/ProfileImage.tsx';
import { useProfileView } from '../online/hooks/profile.ts';
import { PROFILE_ACTIONS, PROFILE_SECTIONS } from './sections.tsx';
import { ProfileAchievements } from './Achievements.tsx';
import * as css from './Profile.css.ts';

/**
 * /profile (mine) and /profile/{username} (spec §2): avatar, cover, name, status phrase, bio,
 * achievements, and the places of guestbook, poll and connections. Online-only (ARCHITECTURE §2):
 * read through public.profile_view, which gives the caller only what they may see; the last
 * result stays readable offline.
 */
export default function ProfileScreen() {
  const params = useParams<{ username?: string }>();
  const status = useSessionStore((s) => s.status);
  const myUsername = useSessionStore((s) => s.username);
  if (!params.username) {
    if (status === 'signed-out') return <Redirect to={backTo('/login', '/profile')} replace />;
    // the username arrives with the account check, just after the session
    if (status === 'loading' || !myUsername) return <PageSkeleton />;
  }
  const username = params.username ?? myUsername!;
  return (
    <OnlineData>
      <ProfileBody username={username} />
    </OnlineData>
  );
}

function ProfileBody({ username }: { username: string }) {
  const status = useSessionStore((s) => s.status);
  const online = useOnline();
  // live: a change of this profile (or a block) shows without a reload
  const query = useProfileView(username);

  if (query.data === undefined) {
    if (query.isError || (!online && query.fetchStatus === 'paused')) return <CouldNotLoad online={online} retry={() => void query.refetch()} />;
    return <PageSkeleton />;
  }
  return (
    <div className={css.page}>
      <div className={css.message}>
        <OfflineCopyNote updatedAt={query.dataUpdatedAt} />
      </div>
      {query.data === null ? <NotFound signedIn={status === 'signed-in'} /> : <Profile profile={query.data} />}
    </div>
  );
}

function CouldNotLoad({ online, retry }: { online: boolean; retry: () => void }) {
  return (
    <div className={css.page}>
      <div className={css.message} role="alert">
        <h1 className={css.displayName}>
          <Trans>Não foi possível carregar o perfil</Trans>
        </h1>
        <p className={css.muted}>
          {online ? (
            <Trans>Verifique sua conexão e tente de novo.</Trans>
          ) : (
            <Trans>Você está sem internet, e este perfil ainda não foi aberto neste aparelho.</Trans>
          )}
        </p>
        <div className={css.actions}>
          <button type="button" className={button.secondary} onClick={retry} disabled={!online}>
            <Trans>Tentar de novo</Trans>
          </button>
        </div>
      </div>
    </div>
  );
}

function NotFound({ signedIn }: { signedIn: boolean }) {
  const [location] = useLocation();
  return (
    <div className={css.message} data-testid="profile-not-found">
      <h1 className={css.displayName}>
        <Trans>Perfil não encontrado</Trans>
      </h1>
      {signedIn ? (
        <p className={css.muted}>
          <Trans>Confira o nome de usuário no endereço.</Trans>
        </p>
      ) : (
        <>
          <p className={css.muted}>
            <Trans>Ele pode não existir ou ser privado. Perfis privados aparecem só para quem entrou na conta.</Trans>
          </p>
          <div className={css.actions}>
            <Link href={backTo('/login', location)} className={button.primary}>
              <Trans>Entrar</Trans>
            </Link>
          </div>
        </>
      )}
    </div>
  );
}

function Profile({ profile }: { profile: ProfileView }) {
  const name = profile.display_name || profile.username;
  const full = profile.reach === 'full' ? profile : null;
  return (
    <article aria-labelledby="profile-name" data-testid="profile" data-reach={profile.reach}>
      {full && <Cover value={full.cover_url} className={css.cover} />}
      <header className={full?.cover_url ? css.head : `${css.head} ${css.headWithoutCover}`}>
        <Avatar value={profile.avatar_url} name={name} className={css.avatar} />
        <div className={css.names}>
          <h1 id="profile-name" className={css.displayName}>
            {name}
          </h1>
          <p className={css.username}>@{profile.username}</p>
        </div>
      </header>
      <div className={css.body}>
        {full ? <FullProfileBody profile={full} /> : <PrivateNote />}
        {!profile.is_self && PROFILE_ACTIONS.length > 0 && (
          <div className={css.actions}>
            {PROFILE_ACTIONS.map(({ id, Component }) => (
              <Component key={id} profile={profile} />
            ))}
          </div>
        )}
      </div>
    </article>
  );
}

function PrivateNote() {
  return (
    <p className={css.muted} data-testid="profile-private">
      <Trans>Este perfil é privado.</Trans>
    </p>
  );
}

function FullProfileBody({ profile }: { profile: FullProfile }) {
  return (
    <>
      {profile.status_message && (
        <p className={css.statusPhrase} data-testid="profile-status">
          {profile.status_message}
        </p>
      )}
      {profile.bio && (
        <p className={css.bio} data-testid="profile-bio">
          {profile.bio}
        </p>
      )}
      {profile.is_self && (
        <div className={css.actions}>
          <Link href="/settings" className={button.secondary}>
            <Trans>Editar perfil</Trans>
          </Link>
          <Link href="/manage-profile" className={button.secondary}>
            <Trans>Gerenciar mural e enquete</Trans>
          </Link>
        </div>
      )}
      <ProfileAchievements profile={profile} />
      {PROFILE_SECTIONS.map(({ id, Component }) =>
        Component && (id !== 'connections' || profile.connections_visible) ? (
          <Fragment key={id}>
            <Component profile={profile} />
          </Fragment>
        ) : null,
      )}
    </>
  );
}
