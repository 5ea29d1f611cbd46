import { useId, useRef, useState, type ReactNode } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useModalDialog } from '../../components/modal-dialog.ts';
import * as d from '../../components/dialog.css.ts';
import * as f from '../../components/form.css.ts';
import { button } from '../../components/ui.css.ts';
import { ADMIN_REASON_MAX } from '../../data/online/admin.ts';

interface Props {
  title: ReactNode;
  children?: ReactNode;
  confirmLabel: ReactNode;
  /** Asks for a reason (kept in the audit log); `reasonRequired`: the confirm button waits for one. */
  reason?: 'required' | 'optional';
  danger?: boolean;
  busy?: boolean;
  onConfirm: (reason: string) => void;
  onCancel: () => void;
}

/**
 * The admin's "are you sure?" (a ban, a role change), with the reason the audit log keeps. A modal
 * <dialog>: focus starts on Cancel, the safe choice; Escape cancels.
 */
export function AdminDialog({ title, children, confirmLabel, reason, danger, busy, onConfirm, onCancel }: Props) {
  const { t } = useLingui();
  const cancelRef = useRef<HTMLButtonElement>(null);
  const ref = useModalDialog(cancelRef);
  const titleId = useId();
  const reasonId = useId();
  const [text, setText] = useState('');
  const missing = reason === 'required' && text.trim() === '';

  return (
    <dialog
      ref={ref}
      className={d.dialog}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onCancel();
      }}
      data-testid="admin-dialog"
    >
      <h2 id={titleId} className={d.title}>
        {title}
      </h2>
      {children ? <div className={d.text}>{children}</div> : null}
      {reason ? (
        <div className={`${f.field} ${d.text}`}>
          <label htmlFor={reasonId} className={f.label}>
            {reason === 'required' ? <Trans>Motivo</Trans> : <Trans>Motivo (opcional)</Trans>}
          </label>
          <textarea
            id={reasonId}
            className={f.input}
            rows={3}
            maxLength={ADMIN_REASON_MAX}
            value={text}
            onChange={(event) => setText(event.currentTarget.value)}
            placeholder={t`Fica no registro de ações.`}
          />
        </div>
      ) : null}
      <div className={d.actions}>
        <button ref={cancelRef} type="button" className={button.secondary} onClick={onCancel}>
          <Trans>Cancelar</Trans>
        </button>
        <button
          type="button"
          className={danger ? button.danger : button.primary}
          disabled={missing || busy}
          onClick={() => onConfirm(text.trim())}
        >
          {confirmLabel}
        </button>
      </div>
    </dialog>
  );
}
