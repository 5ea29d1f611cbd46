import { Plural, Trans } from '@lingui/react/macro';
import * as css from './admin.css.ts';

interface Flags {
  is_premium: boolean;
  is_active: boolean;
}

/**
 * The two switches of a look in the catalogue (paper styles, themes, sticker packs): sold in the
 * store or free, and enabled. `keepActive` is the default look (lined-blue, purple), which stays
 * enabled — the database refuses the change too.
 */
export function LookFlags<T extends Flags>({ draft, onChange, keepActive = false }: { draft: T; onChange: (next: T) => void; keepActive?: boolean }) {
  return (
    <>
      <label className={css.row}>
        <input type="checkbox" checked={draft.is_premium} onChange={(e) => onChange({ ...draft, is_premium: e.target.checked })} />
        <Trans>Premium (da loja sazonal)</Trans>
      </label>
      <label className={css.row}>
        <input
          type="checkbox"
          checked={draft.is_active}
          disabled={keepActive && draft.is_active}
          onChange={(e) => onChange({ ...draft, is_active: e.target.checked })}
        />
        <Trans>Ativo</Trans>
      </label>
    </>
  );
}

/** " · 2 desativados" after a catalogue's count, when any is disabled. */
export function InactiveCount({ inactive }: { inactive: number }) {
  return inactive > 0 ? (
    <>
      {' · '}
      <Plural value={inactive} one="# desativado" other="# desativados" />
    </>
  ) : null;
}
