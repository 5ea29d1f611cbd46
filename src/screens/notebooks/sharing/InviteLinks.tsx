import { useState } from 'react';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import * as f from '../../../components/form.css.ts';
import { button } from '../../../components/ui.css.ts';
import { isolate } from '../../../components/UserText.tsx';
import type { DataLayer } from '../../../data/data-layer.ts';
import type { InviteLinkDoc, NotebookDoc } from '../../../data/schemas/index.ts';
import { toast } from '../../../state/toast.ts';
import { EXPIRY_CHOICES, canShareNatively, copyText, expiryDate, inviteUrl, linkState, type ExpiryChoice, type LinkState } from './links.ts';
import { sharingProblem } from './messages.ts';
import { SharingRefusals } from './SharingRefusals.tsx';
import * as s from './sharing.css.ts';
import { formatCode } from '../../../data/invite-codes.ts';

interface Props {
  layer: DataLayer;
  notebook: NotebookDoc;
  links: InviteLinkDoc[];
  online: boolean;
}

/**
 * Invite links and codes: create (offline too: the link awaits activation until the phone syncs,
 * issue 21), copy, share, revoke; revoked and expired ones stay listed as such.
 */
export function InviteLinks({ layer, notebook, links, online }: Props) {
  const { t, i18n } = useLingui();
  const [expiry, setExpiry] = useState<ExpiryChoice>(null);
  const [busy, setBusy] = useState(false);
  const sorted = [...links].sort((a, b) => String(b.created_at).localeCompare(String(a.created_at)));

  async function create() {
    setBusy(true);
    const result = await layer.api.invites.create(notebook.id, expiryDate(expiry));
    setBusy(false);
    if (result.ok && online) toast({ title: t`Convite criado` });
    else if (result.ok) {
      toast({ title: t`Convite criado`, description: t`Aguardando ativação: ele passa a funcionar quando este aparelho se conectar à internet.` });
    } else toast({ title: t`Erro ao criar convite`, description: i18n._(sharingProblem(result.problem, 'invite')), variant: 'destructive' });
  }

  const expiryLabel = (choice: ExpiryChoice) =>
    choice === null ? t`Sem validade` : t({ message: plural(choice, { one: '# dia', other: '# dias' }) });

  return (
    <section className={s.section} aria-labelledby="invite-links-title">
      <h3 id="invite-links-title" className={s.sectionTitle}>
        <Trans>Link e código de convite</Trans>
      </h3>
      <p className={f.hint}>
        <Trans>Quem abrir o link ou digitar o código entra na conta e passa a poder responder este caderno.</Trans>
      </p>
      {sorted.length > 0 && (
        <ul className={s.rows} aria-label={t`Convites deste caderno`}>
          {sorted.map((link) => (
            <InviteLinkRow key={link.id} layer={layer} link={link} title={notebook.title} />
          ))}
        </ul>
      )}
      <SharingRefusals layer={layer} notebookId={notebook.id} collection="invite_links" profiles={undefined} />
      <PublicLink layer={layer} notebook={notebook} />
      <div className={s.inline}>
        <label className={f.field}>
          <span className={f.label}>
            <Trans>Validade</Trans>
          </span>
          <select
            className={f.input}
            value={expiry ?? ''}
            onChange={(event) => setExpiry(event.target.value === '' ? null : (Number(event.target.value) as ExpiryChoice))}
          >
            {EXPIRY_CHOICES.map((choice) => (
              <option key={choice ?? 'none'} value={choice ?? ''}>
                {expiryLabel(choice)}
              </option>
            ))}
          </select>
        </label>
        <button type="button" className={button.primary} onClick={() => void create()} disabled={busy} aria-busy={busy}>
          <Trans>Criar link de convite</Trans>
        </button>
      </div>
    </section>
  );
}

function InviteLinkRow({ layer, link, title }: { layer: DataLayer; link: InviteLinkDoc; title: string }) {
  const { t, i18n } = useLingui();
  const state = linkState(link);
  const url = inviteUrl(link.code);
  // Read aloud or typed on another phone: in groups of four (GZ2W-W6BA-DL7R), accepted in any case.
  const shownCode = formatCode(link.code);
  const stateLabel: Record<LinkState, string> = {
    active: t`Ativo`,
    waiting: t`Aguardando ativação`,
    revoked: t`Revogado`,
    expired: t`Expirado`,
  };
  const waiting = state === 'waiting';
  const waitingNote = t`Aguardando ativação: o convite só funciona depois que este aparelho se conectar à internet.`;

  async function copy(text: string) {
    if (await copyText(text)) toast(waiting ? { title: t`Copiado!`, description: waitingNote } : { title: t`Copiado!` });
    else toast({ title: t`Não foi possível copiar`, description: t`Selecione o texto e copie manualmente.`, variant: 'destructive' });
  }

  async function shareNatively() {
    try {
      const name = isolate(title);
      const text = waiting
        ? t`Responda o meu caderno "${name}"! O convite passa a funcionar quando o meu aparelho se conectar à internet.`
        : t`Responda o meu caderno "${name}"!`;
      await navigator.share({ title, text, url });
    } catch {
      // The person closed the share sheet: nothing to say.
    }
  }

  async function revoke() {
    const result = await layer.api.invites.revoke(link.id);
    if (result.ok) toast({ title: t`Convite revogado` });
    else toast({ title: t`Erro`, description: i18n._(sharingProblem(result.problem, 'revoke')), variant: 'destructive' });
  }

  return (
    <li className={s.row} data-testid="invite-link" data-state={state}>
      <div className={s.rowMain}>
        <code className={s.code} aria-label={t`Código ${shownCode}`}>
          {shownCode}
        </code>
        {/* Announced when the server confirms a link made offline (waiting → active). */}
        <span className={s.badge[state]} aria-live="polite">
          {stateLabel[state]}
        </span>
        {link.expires_at && (state === 'active' || waiting) && (
          <span className={f.hint}>
            <Trans>até {i18n.date(link.expires_at, { dateStyle: 'short', timeStyle: 'short' })}</Trans>
          </span>
        )}
      </div>
      {waiting && (
        <p className={f.hint} id={`invite-waiting-${link.id}`}>
          <Trans>
            Este convite começa a funcionar quando este aparelho se conectar à internet. Até lá, o link e o código não abrem o caderno.
          </Trans>
        </p>
      )}
      {(state === 'active' || waiting) && (
        <>
          <input
            className={`${f.input} ${s.url}`}
            readOnly
            value={url}
            aria-label={t`Link de convite`}
            aria-describedby={waiting ? `invite-waiting-${link.id}` : undefined}
            onFocus={(e) => e.currentTarget.select()}
          />
          <div className={s.actions}>
            <button type="button" className={button.secondary} onClick={() => void copy(url)}>
              <Trans>Copiar link</Trans>
            </button>
            <button type="button" className={button.secondary} onClick={() => void copy(shownCode)}>
              <Trans>Copiar código</Trans>
            </button>
            {canShareNatively() && (
              <button type="button" className={button.secondary} onClick={() => void shareNatively()}>
                <Trans>Compartilhar…</Trans>
              </button>
            )}
            <button type="button" className={button.ghost} onClick={() => void revoke()}>
              <Trans>Revogar</Trans>
            </button>
          </div>
        </>
      )}
    </li>
  );
}

/**
 * The public link {origin}/n/{notebook id} (spec §2): works while the notebook's shared flag is
 * on — the server checks the flag when someone redeems it, so turning it off closes the door.
 */
function PublicLink({ layer, notebook }: { layer: DataLayer; notebook: NotebookDoc }) {
  const { t } = useLingui();
  const url = inviteUrl(notebook.id);

  async function toggle(on: boolean) {
    const result = await layer.api.notebooks.update(notebook.id, { is_shared: on });
    if (!result.ok) toast({ title: t`Erro`, description: t`Não foi possível salvar. Tente novamente.`, variant: "destructive" });
  }

  return (
    <div className={s.row}>
      <label className={f.checkRow}>
        <input type="checkbox" className={f.checkbox} checked={notebook.is_shared} onChange={(event) => void toggle(event.target.checked)} />
        <span>
          <Trans>Link público do caderno (qualquer pessoa com conta que tiver o link pode responder)</Trans>
        </span>
      </label>
      {notebook.is_shared && (
        <input className={`${f.input} ${s.url}`} readOnly value={url} aria-label={t`Link público`} onFocus={(e) => e.currentTarget.select()} />
      )}
    </div>
  );
}
