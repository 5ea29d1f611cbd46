import { Trans } from '@lingui/react/macro';
import { button } from '../../components/ui.css.ts';
import * as css from './admin.css.ts';

/**
 * The buttons under an admin section's add / edit form (FAQ, translations): "Adicionar" for a new
 * entry, "Salvar" and "Cancelar" while one is being edited.
 */
export function EditActions({ editing, disabled, onCancel }: { editing: boolean; disabled: boolean; onCancel: () => void }) {
  return (
    <div className={css.actions}>
      <button type="submit" className={button.primary} disabled={disabled}>
        {editing ? <Trans>Salvar</Trans> : <Trans>Adicionar</Trans>}
      </button>
      {editing ? (
        <button type="button" className={button.secondary} onClick={onCancel}>
          <Trans>Cancelar</Trans>
        </button>
      ) : null}
    </div>
  );
}
