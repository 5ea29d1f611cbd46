import { useId, useRef, type ReactNode } from 'react';
import { useModalDialog } from '../../../components/modal-dialog.ts';
import { Trans } from '@lingui/react/macro';
import * as d from '../../../components/dialog.css.ts';
import { button } from '../../../components/ui.css.ts';

export interface ConfirmDialogProps {
  title: ReactNode;
  children?: ReactNode;
  /** The destructive action's label ("Excluir"). */
  confirmLabel: ReactNode;
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * "Are you sure?" before something that cannot be undone (deleting a notebook or a question).
 * A modal <dialog>: focus starts on Cancel, the safe choice, and Escape cancels.
 */
export function ConfirmDialog({ title, children, confirmLabel, onConfirm, onCancel }: ConfirmDialogProps) {
  const cancelRef = useRef<HTMLButtonElement>(null);
  const ref = useModalDialog(cancelRef);
  const titleId = useId();
  const textId = useId();

  return (
    <dialog
      ref={ref}
      className={d.dialog}
      aria-labelledby={titleId}
      aria-describedby={children ? textId : undefined}
      onCancel={(event) => {
        event.preventDefault();
        onCancel();
      }}
      data-testid="confirm-dialog"
    >
      <h2 id={titleId} className={d.title}>
        {title}
      </h2>
      {children ? (
        <div id={textId} className={d.text}>
          {children}
        </div>
      ) : null}
      <div className={d.actions}>
        <button ref={cancelRef} type="button" className={button.secondary} onClick={onCancel}>
          <Trans>Cancelar</Trans>
        </button>
        <button type="button" className={button.danger} onClick={onConfirm}>
          {confirmLabel}
        </button>
      </div>
    </dialog>
  );
}
