import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import * as f from '../../../components/form.css.ts';
import { LoadMore } from '../../../components/LoadMore.tsx';
import { button } from '../../../components/ui.css.ts';
import { UserText, isolate } from '../../../components/UserText.tsx';
import type { DataLayer } from '../../../data/data-layer.ts';
import { SEARCH_PAGE_SIZE, type PersonFound } from '../../../data/repositories/invites.ts';
import { useSessionStore } from '../../../state/session.ts';
import { sharingProblem } from './messages.ts';
import * as s from './sharing.css.ts';

interface Props {
  layer: DataLayer;
  online: boolean;
  /** The button beside each person found ("Compartilhar", "Convidar"). */
  action: ReactNode;
  /** That button's name for screen readers, with the person ("Compartilhar com @bruno"). */
  actionName: (person: PersonFound) => string;
  /** Who is already in (has access, is invited): shown with `alreadyLabel` instead of the button. */
  alreadyIn: ReadonlySet<string>;
  alreadyLabel: ReactNode;
  /** Shares with or invites the person (it says how it went); the live view then marks them in. */
  onPick: (person: PersonFound) => Promise<unknown>;
}

type Named = { username: string; display_name: string | null };

/** "Name (@username)", or "@username" without a name, as plain text (labels, toasts): the chosen name isolated. */
export function personName(person: Named): string {
  return person.display_name ? `${isolate(person.display_name)} (@${person.username})` : `@${person.username}`;
}

/** The same on screen, the chosen name in its own isolated element (it is free text; usernames are not). */
export function PersonName({ person }: { person: Named }) {
  if (!person.display_name) return <>@{person.username}</>;
  return (
    <>
      <UserText>{person.display_name}</UserText> (@{person.username})
    </>
  );
}

/** The server searches from this many characters on (search_users); fewer are refused here, in words. */
const MIN_QUERY_LENGTH = 2;

/** Finds registered people by @username or name (online: the server searches). */
export function PersonSearch({ layer, online, action, actionName, alreadyIn, alreadyLabel, onPick }: Props) {
  const { t, i18n } = useLingui();
  const [query, setQuery] = useState('');
  const [found, setFound] = useState<PersonFound[] | null>(null);
  // The query of the results shown and whether the server has more (a full last page); the next
  // page starts after the last username read.
  const [searched, setSearched] = useState<{ query: string; after: string | null; more: boolean } | null>(null);
  const [searching, setSearching] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [tooShort, setTooShort] = useState(false);
  const tooShortId = useId();
  const me = useSessionStore((st) => st.username);
  // The server leaves the searcher out of the results: searching oneself is said as spec §5 says it.
  const searchedMyself = me !== null && searched !== null && searched.query.replace(/^@/, '').toLowerCase() === me.toLowerCase();

  async function searchPage(text: string, after: string | null) {
    setSearching(true);
    setError(null);
    const result = await layer.api.sharing.searchPeople(text, after);
    setSearching(false);
    if (!result.ok) {
      setError(i18n._(sharingProblem(result.problem, 'search')));
      return;
    }
    const page = result.value;
    setFound((list) => (after === null ? page : [...(list ?? []), ...page]));
    setSearched({ query: text, after: page.at(-1)?.username ?? after, more: page.length === SEARCH_PAGE_SIZE });
  }

  async function search(event: FormEvent) {
    event.preventDefault();
    // The app's words, not the browser's bubble (English, whatever the page's language).
    if (query.trim().length < MIN_QUERY_LENGTH) return setTooShort(true);
    await searchPage(query.trim(), null);
  }

  return (
    <>
      <form className={s.inline} onSubmit={(event) => void search(event)} role="search" noValidate>
        <label className={f.field}>
          <span className={f.label}>
            <Trans>@usuário ou nome</Trans>
          </span>
          <input
            className={f.input}
            type="search"
            value={query}
            onChange={(event) => {
              setQuery(event.target.value);
              setTooShort(false);
              setFound(null);
              setSearched(null);
            }}
            autoComplete="off"
            disabled={!online}
            aria-invalid={tooShort || undefined}
            aria-describedby={tooShort ? tooShortId : undefined}
          />
        </label>
        <button type="submit" className={button.secondary} disabled={!online || searching} aria-busy={searching}>
          <Trans>Buscar</Trans>
        </button>
      </form>
      {tooShort && (
        <p id={tooShortId} className={f.error} role="alert">
          <Plural value={MIN_QUERY_LENGTH} one="Digite pelo menos # caractere para buscar." other="Digite pelo menos # caracteres para buscar." />
        </p>
      )}
      {error && (
        <p className={f.error} role="alert">
          {error}
        </p>
      )}
      {found && (
        <ul className={s.rows} aria-label={t`Pessoas encontradas`} aria-live="polite">
          {searchedMyself ? (
            <li className={f.hint} data-testid="search-myself">
              {i18n._(sharingProblem({ code: 'invite_self' }, 'search'))}
            </li>
          ) : found.length === 0 ? (
            <li className={f.hint}>
              <Trans>Ninguém encontrado.</Trans>
            </li>
          ) : null}
          {found.map((person) => (
            <li key={person.id} className={s.rowMain}>
              <span className={s.person}>
                <PersonName person={person} />
              </span>
              {/* Once taken, the person stays in the list, marked by the live view (QA J11). */}
              {alreadyIn.has(person.id) ? (
                <span className={f.hint}>{alreadyLabel}</span>
              ) : (
                <button type="button" className={button.primary} onClick={() => void onPick(person)} disabled={!online} aria-label={actionName(person)}>
                  {action}
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {found && searched && (searched.more || found.length > 0) && (
        <LoadMore
          hasMore={searched.more}
          loading={searching}
          enabled={online}
          label={<Trans>Carregar mais</Trans>}
          loadingLabel={<Trans>Carregando…</Trans>}
          onLoadMore={() => void searchPage(searched.query, searched.after)}
          status={<Plural value={found.length} one="Mostrando # pessoa encontrada" other="Mostrando # pessoas encontradas" />}
        />
      )}
    </>
  );
}
