import { useEffect, useRef } from 'react';
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { useSignOutConfirmStore } from '../state/session.ts';
import { button } from './ui.css.ts';
import * as s from './dialog.css.ts';

/**
 * "Sign out anyway?": lists the writes that could not be sent before a sign-out (a shared phone
 * at school). Staying signed in is the default (focused first, and what Escape does).
 */
export default function SignOutDialog() {
  const { t, i18n } = useLingui();
  const pending = useSignOutConfirmStore((st) => st.pending);
  const answer = useSignOutConfirmStore((st) => st.answer);
  const ref = useRef<HTMLDialogElement>(null);
  const stayRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (typeof dialog.showModal === 'function' && !dialog.open) dialog.showModal();
    else dialog.setAttribute('open', '');
    stayRef.current?.focus();
  }, []);

  if (!pending) return null;
  return (
    <dialog
      ref={ref}
      className={s.dialog}
      aria-labelledby="sign-out-title"
      aria-describedby="sign-out-text"
      onCancel={(e) => {
        e.preventDefault();
        answer(false);
      }}
      data-testid="sign-out-dialog"
    >
      <h2 id="sign-out-title" className={s.title}>
        <Trans>Sair mesmo assim?</Trans>
      </h2>
      <p id="sign-out-text" className={s.text}>
        <Trans>
          Estas alterações ainda não foram enviadas. Se você sair agora, elas serão apagadas deste aparelho:
        </Trans>
      </p>
      <ul className={s.list} aria-label={t`Alterações não enviadas`}>
        {pending.map((item) => (
          <li key={item.id}>{item.label || i18n._(kindOfWrite(item.kind))}</li>
        ))}
      </ul>
      <div className={s.actions}>
        <button ref={stayRef} type="button" className={button.primary} onClick={() => answer(false)}>
          <Trans>Continuar conectado</Trans>
        </button>
        <button type="button" className={button.danger} onClick={() => answer(true)}>
          <Trans>Sair e descartar</Trans>
        </button>
      </div>
    </dialog>
  );
}

/** What a write is, for one with nothing the person wrote to show (its kind is its collection). */
function kindOfWrite(kind: string | undefined): MessageDescriptor {
  switch (kind) {
    case 'notebooks':
      return msg`Caderno`;
    case 'questions':
      return msg`Pergunta`;
    case 'answers':
      return msg`Resposta`;
    case 'notebook_shares':
      return msg`Compartilhamento`;
    case 'notebook_collaborators':
      return msg`Colaboração`;
    case 'favorites':
      return msg`Favorito`;
    default:
      return msg`Alteração`;
  }
}
