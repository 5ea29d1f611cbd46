import { useRef } from 'react';
import { useModalDialog } from './modal-dialog.ts';
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useSignOutConfirmStore } from '../state/session.ts';
import { button } from './ui.css.ts';
import * as s from './dialog.css.ts';

/**
 * "Sign out with unsent work?": lists the writes that could not be sent before a sign-out (a
 * shared phone at school, a party) and offers to keep them on this device for the same person
 * (issue 21) — the first choice, focused first; they are sent when that person signs in here
 * again. Staying signed in is what Escape does. Discarding says what is lost, and is never the
 * default.
 */
export default function SignOutDialog() {
  const { t, i18n } = useLingui();
  const pending = useSignOutConfirmStore((st) => st.pending);
  const answer = useSignOutConfirmStore((st) => st.answer);
  const keepRef = useRef<HTMLButtonElement>(null);
  const ref = useModalDialog(keepRef);

  if (!pending) return null;
  const count = pending.length;
  return (
    <dialog
      ref={ref}
      className={s.dialog}
      aria-labelledby="sign-out-title"
      aria-describedby="sign-out-text sign-out-keep"
      onCancel={(e) => {
        e.preventDefault();
        answer('stay');
      }}
      data-testid="sign-out-dialog"
    >
      <h2 id="sign-out-title" className={s.title}>
        <Trans>Sair com alterações não enviadas?</Trans>
      </h2>
      <p id="sign-out-text" className={s.text}>
        <Plural value={count} one="Esta alteração ainda não foi enviada:" other="Estas # alterações ainda não foram enviadas:" />
      </p>
      <ul className={s.list} aria-label={t`Alterações não enviadas`}>
        {pending.map((item) => (
          <li key={item.id}>{item.label || i18n._(kindOfWrite(item.kind))}</li>
        ))}
      </ul>
      <p id="sign-out-keep" className={s.text}>
        <Trans>
          Guardadas neste aparelho, elas são enviadas quando você entrar de novo aqui com internet. Quem entrar com outra conta
          neste aparelho não as vê.
        </Trans>
      </p>
      <p id="sign-out-discard" className={s.text}>
        <Plural
          value={count}
          one="Descartar apaga esta alteração para sempre: ela nunca chegará ao servidor."
          other="Descartar apaga estas # alterações para sempre: elas nunca chegarão ao servidor."
        />
      </p>
      <div className={s.actions}>
        <button ref={keepRef} type="button" className={button.primary} onClick={() => answer('keep')}>
          <Trans>Sair e guardar neste aparelho</Trans>
        </button>
        <button type="button" className={button.secondary} onClick={() => answer('stay')}>
          <Trans>Continuar conectado</Trans>
        </button>
        <button type="button" className={button.danger} onClick={() => answer('discard')} aria-describedby="sign-out-discard">
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
    case 'invite_links':
      return msg`Convite`;
    case 'reports':
      return msg`Denúncia`;
    default:
      return msg`Alteração`;
  }
}
