import { useId } from 'react';
import { Plural, Trans } from '@lingui/react/macro';
import { LoadMore } from '../../../components/LoadMore.tsx';
import { useOnline } from '../../../components/frame/useOnline.ts';
import { Icon } from '../../../components/Icon.tsx';
import type { FullProfile } from '../../../data/online/profile.ts';
import { useProfileFriends } from '../hooks/friends.ts';
import { PersonItem } from './PersonItem.tsx';
import * as css from './friends.css.ts';

/**
 * A profile's friends (issue 31), shown only when connections visibility lets the viewer see them
 * (profile_view's connections_visible; the server applies the same rule to the list, and leaves
 * out a minor for an adult stranger, a private profile for a visitor, anyone blocked).
 */
export default function ProfileFriends({ profile }: { profile: FullProfile }) {
  const online = useOnline();
  const query = useProfileFriends(profile.username);
  const headingId = useId();
  const rows = query.data?.pages.flat() ?? [];
  return (
    <section className={css.section} aria-labelledby={headingId} data-testid="profile-friends">
      <h2 id={headingId} className={css.sectionTitle}>
        <Icon name="users" className={css.icon} />
        <Trans>Amigos</Trans>
      </h2>
      {query.isError && !query.data && (
        <p className={css.error} role="alert">
          <Trans>Não foi possível carregar os amigos.</Trans>
        </p>
      )}
      {query.data && rows.length === 0 && (
        <p className={css.muted}>
          <Trans>Nenhum amigo para mostrar.</Trans>
        </p>
      )}
      {rows.length > 0 && (
        <ul className={css.list}>
          {rows.map((person) => (
            <PersonItem key={person.user_id} person={person} testId="profile-friend" />
          ))}
        </ul>
      )}
      {rows.length > 0 && (
        <LoadMore
          hasMore={query.hasNextPage}
          loading={query.isFetchingNextPage}
          onLoadMore={() => void query.fetchNextPage()}
          enabled={online}
          status={<Plural value={rows.length} one="# amigo" other="# amigos" />}
          label={<Trans>Carregar mais amigos</Trans>}
          loadingLabel={<Trans>Carregando…</Trans>}
        />
      )}
    </section>
  );
}
