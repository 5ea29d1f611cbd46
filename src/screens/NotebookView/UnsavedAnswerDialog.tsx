import { useId, useRef } from 'react';
import { useModalDialog } from '../../components/modal-dialog.ts';
import { Trans } from '@lingui/react/macro';
import * as d from '../../components/dialog.css.ts';
import { button } from '../../components/ui.css.ts';

export interface UnsavedAnswerDialogProps {
  onSave: () => void;
  onDiscard: () => void;
  onKeepEditing: () => void;
}

/**
 * Asked when someone leaves a question page (Pular, Concluir, Anterior) with an answer typed and
 * not saved: typed text is never thrown away without a word (QA J1). A modal <dialog>; focus
 * starts on "Continuar editando", the choice that loses nothing, and Escape means the same.
 */
export function UnsavedAnswerDialog({ onSave, onDiscard, onKeepEditing }: UnsavedAnswerDialogProps) {
  const keepRef = useRef<HTMLButtonElement>(null);
  const ref = useModalDialog(keepRef);
  const titleId = useId();
  const textId = useId();

  // Closed before acting: while modal, the page behind is inert and the textarea could not take focus.
  const closeThen = (act: () => void) => () => {
    const dialog = ref.current;
    if (dialog?.open && typeof dialog.close === 'function') dialog.close();
    act();
  };

  return (
    <dialog
      ref={ref}
      className={d.dialog}
      aria-labelledby={titleId}
      aria-describedby={textId}
      onCancel={(event) => {
        event.preventDefault();
        closeThen(onKeepEditing)();
      }}
      data-testid="unsaved-answer-dialog"
    >
      <h2 id={titleId} className={d.title}>
        <Trans>Salvar sua resposta antes de sair?</Trans>
      </h2>
      <p id={textId} className={d.text}>
        <Trans>Você escreveu uma resposta que ainda não foi salva.</Trans>
      </p>
      <div className={d.actions}>
        <button ref={keepRef} type="button" className={button.secondary} onClick={closeThen(onKeepEditing)}>
          <Trans>Continuar editando</Trans>
        </button>
        <button type="button" className={button.ghost} onClick={closeThen(onDiscard)}>
          <Trans>Descartar</Trans>
        </button>
        <button type="button" className={button.primary} onClick={closeThen(onSave)}>
          <Trans>Salvar</Trans>
        </button>
      </div>
    </dialog>
  );
}
