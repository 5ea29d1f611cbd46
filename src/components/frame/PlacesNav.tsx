import { useMemo } from 'react';
import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { Link, useLocation } from 'wouter';
import { useDataLayer, useObservable } from '../../state/data-layer.ts';
import { useSessionStore } from '../../state/session.ts';
import { Icon } from '../Icon.tsx';
import { PLACES, type Place, type PlaceId } from './screens.ts';
import { useFrameScreen } from './useFrameScreen.ts';
import * as s from './frame.css.ts';

type Counts = Partial<Record<PlaceId, number>>;

/** The unread notifications, live from the local database (none until it has opened). */
function useUnreadNotifications(wanted: boolean): number {
  const data = useDataLayer();
  const layer = wanted && data.status === 'ready' ? data.layer : null;
  const unread$ = useMemo(() => layer?.api.queries.unreadNotifications() ?? null, [layer]);
  return useObservable(unread$) ?? 0;
}

/** `page` on the place's own page, `true` on the screens below it (a notebook under Cadernos). */
type Current = 'page' | 'true' | undefined;

function PlaceLink({ place, current, count = 0 }: { place: Place; current: Current; count?: number }) {
  const { t, i18n } = useLingui();
  const label = i18n._(place.label);
  const unread = t({ message: plural(count, { one: '# não lida', other: '# não lidas' }) });
  return (
    <Link
      href={place.href!}
      className={s.place}
      aria-current={current}
      aria-label={count > 0 ? `${label}, ${unread}` : undefined}
      data-place={place.id}
    >
      <span className={s.placeIcon}>
        <Icon name={place.icon} />
        {count > 0 && (
          <span className={s.badge} aria-hidden="true">
            {count > 99 ? '99+' : count}
          </span>
        )}
      </span>
      <span className={s.placeLabel}>{label}</span>
    </Link>
  );
}

/**
 * The main places of the app: a bottom navigation on phones (within reach of the thumb), a side
 * navigation on wide screens. Places whose screens are not built yet keep their slot in PLACES
 * and appear when they get an address.
 */
export function PlacesNav({ places = PLACES, counts }: { places?: Place[]; counts?: Counts }) {
  const { t } = useLingui();
  const screen = useFrameScreen();
  const [location] = useLocation();
  const username = useSessionStore((st) => st.username);
  // One's own profile at its public address (/profile/ana) is the "Perfil" place; someone else's is no place.
  const ownProfile = username !== null && location.toLowerCase() === `/profile/${username.toLowerCase()}`;
  const currentOf = (place: Place): Current =>
    place.href === location || (ownProfile && place.id === 'profile') ? 'page' : screen.place === place.id ? 'true' : undefined;
  const shown = places.filter((place) => place.href);
  const unread = useUnreadNotifications(!counts && shown.some((place) => place.id === 'notifications'));
  const countOf = (id: PlaceId) => (counts ? counts[id] : id === 'notifications' ? unread : undefined);
  return (
    <nav aria-label={t`Principal`} className={s.places} data-testid="places-nav">
      <ul className={s.placeList}>
        {shown.map((place) => (
          <li key={place.id} className={s.placeItem}>
            <PlaceLink place={place} current={currentOf(place)} count={countOf(place.id)} />
          </li>
        ))}
      </ul>
    </nav>
  );
}

export default PlacesNav;
