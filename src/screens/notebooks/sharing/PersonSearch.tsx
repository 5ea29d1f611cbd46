import { useState, type FormEvent, type ReactNode } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import * as f from '../../../components/form.css.ts';
import { button } from '../../../components/ui.css.ts';
import { UserText, isolate } from '../../../components/UserText.tsx';
import type { DataLayer } from '../../../data/data-layer.ts';
import type { PersonFound } from '../../../data/repositories/invites.ts';
import { sharingProblem } from './messages.ts';
import * as s from './sharing.css.ts';

interface Props {
  layer: DataLayer;
  online: boolean;
  /** The button beside each person found ("Compartilhar", "Convidar"). */
  action: ReactNode;
  /** Returns whether the person was taken (then they leave the list). */
  onPick: (person: PersonFound) => Promise<boolean>;
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

/** Finds registered people by @username or name (online: the server searches). */
export function PersonSearch({ layer, online, action, onPick }: Props) {
  const { t, i18n } = useLingui();
  const [query, setQuery] = useState('');
  const [found, setFound] = useState<PersonFound[] | null>(null);
  const [searching, setSearching] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function search(event: FormEvent) {
    event.preventDefault();
    if (query.trim().length < 2) return;
    setSearching(true);
    setError(null);
    const result = await layer.api.sharing.searchPeople(query.trim());
    setSearching(false);
    if (result.ok) setFound(result.value);
    else setError(i18n._(sharingProblem(result.problem, 'search')));
  }

  async function pick(person: PersonFound) {
    if (await onPick(person)) setFound((list) => list?.filter((p) => p.id !== person.id) ?? null);
  }

  return (
    <>
      <form className={s.inline} onSubmit={(event) => void search(event)} role="search">
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
              setFound(null);
            }}
            autoComplete="off"
            disabled={!online}
            minLength={2}
          />
        </label>
        <button type="submit" className={button.secondary} disabled={!online || searching} aria-busy={searching}>
          <Trans>Buscar</Trans>
        </button>
      </form>
      {error && (
        <p className={f.error} role="alert">
          {error}
        </p>
      )}
      {found && (
        <ul className={s.rows} aria-label={t`Pessoas encontradas`} aria-live="polite">
          {found.length === 0 && (
            <li className={f.hint}>
              <Trans>Ninguém encontrado.</Trans>
            </li>
          )}
          {found.map((person) => (
            <li key={person.id} className={s.rowMain}>
              <span className={s.person}>
                <PersonName person={person} />
              </span>
              <button type="button" className={button.primary} onClick={() => void pick(person)} disabled={!online}>
                {action}
              </button>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
