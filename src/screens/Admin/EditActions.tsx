import type { ReactNode } from 'react';
import { Trans } from '@lingui/react/macro';
import { button } from '../../components/ui.css.ts';
import * as css from './admin.css.ts';

/**
 * The buttons under an admin section's add / edit form: "Adicionar" for a new entry, "Salvar" and
 * "Cancelar" while one is being edited (FAQ, translations). A form shown only while editing (the
 * store's catalogue, paper styles) names what it saves with `saveLabel`.
 */
export function EditActions({
  editing,
  disabled,
  onCancel,
  saveLabel,
}: {
  editing: boolean;
  disabled: boolean;
  onCancel: () => void;
  saveLabel?: ReactNode;
}) {
  return (
    <div className={css.actions}>
      <button type="submit" className={button.primary} disabled={disabled}>
        {saveLabel ?? (editing ? <Trans>Salvar</Trans> : <Trans>Adicionar</Trans>)}
      </button>
      {editing ? (
        <button type="button" className={button.secondary} onClick={onCancel}>
          <Trans>Cancelar</Trans>
        </button>
      ) : null}
    </div>
  );
}
