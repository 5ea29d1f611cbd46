import { useId, useRef, useState, type FormEvent } from 'react';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useModalDialog } from '../../../components/modal-dialog.ts';
import * as d from '../../../components/dialog.css.ts';
import * as f from '../../../components/form.css.ts';
import { button } from '../../../components/ui.css.ts';
import { REPORT_DETAILS_MAX, REPORT_REASONS, type ReportKind, type ReportReason } from '../../../data/schemas/index.ts';
import { toast } from '../../../state/toast.ts';
import { REASON_LABELS, reportProblemMessage, reportTitle } from './messages.ts';
import * as css from './reports.css.ts';

export interface ReportDialogProps {
  kind: ReportKind;
  targetId: string;
  onClose: () => void;
}

/**
 * The report dialog (issue 33, spec §2): a reason (optional: "Não informar" is chosen at first),
 * details (optional, up to 500 characters, counted down), "Enviar denúncia". The report is saved
 * on this device and sent like any write — offline too: the toast says which. A modal <dialog>
 * (components/modal-dialog.ts): focus starts on the first reason, Escape and "Cancelar" close it.
 */
export default function ReportDialog({ kind, targetId, onClose }: ReportDialogProps) {
  const { t, i18n } = useLingui();
  const firstChoice = useRef<HTMLInputElement>(null);
  const ref = useModalDialog(firstChoice);
  const [reason, setReason] = useState<ReportReason | ''>('');
  const [details, setDetails] = useState('');
  const [busy, setBusy] = useState(false);
  const titleId = useId();
  const textId = useId();
  const detailsId = useId();
  const counterId = useId();
  const left = REPORT_DETAILS_MAX - details.length;

  const close = () => {
    const dialog = ref.current;
    if (dialog?.open && typeof dialog.close === 'function') dialog.close();
    onClose();
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    const { whenDataReady } = await import('../../../data/session/data.ts');
    const result = await whenDataReady()
      .then((layer) => layer.api.reports.report({ kind, targetId, reason: reason || null, details }))
      .catch(() => ({ ok: false as const, problem: { code: 'not_authenticated' as const } }));
    setBusy(false);
    if (!result.ok) {
      toast({ title: t`Não foi possível enviar a denúncia`, description: i18n._(reportProblemMessage(result.problem.code)), variant: 'destructive' });
      return;
    }
    close();
    if (result.value.already) {
      toast({ title: t`Você já denunciou isto`, description: t`Sua denúncia anterior continua em análise.` });
    } else if (!navigator.onLine) {
      toast({ title: t`Denúncia salva neste aparelho`, description: t`Ela será enviada quando houver internet.` });
    } else {
      toast({ title: t`Denúncia enviada`, description: t`Obrigado. A equipe vai analisar. Acompanhe em Configurações › Minhas denúncias.` });
    }
  }

  return (
    <dialog
      ref={ref}
      className={d.dialog}
      aria-labelledby={titleId}
      aria-describedby={textId}
      onCancel={(event) => {
        event.preventDefault();
        close();
      }}
      data-testid="report-dialog"
    >
      <form onSubmit={(event) => void submit(event)} noValidate>
        <h2 id={titleId} className={d.title}>
          {i18n._(reportTitle(kind))}
        </h2>
        <p id={textId} className={d.text}>
          <Trans>A equipe do Cadernos analisa cada denúncia. Quem publicou não fica sabendo quem denunciou.</Trans>
        </p>
        <fieldset className={f.fieldset}>
          <legend className={f.legend}>
            <Trans>Motivo (opcional)</Trans>
          </legend>
          <div className={css.reasons}>
            <label className={css.reason}>
              <input
                ref={firstChoice}
                type="radio"
                name="report-reason"
                value=""
                className={css.radio}
                checked={reason === ''}
                onChange={() => setReason('')}
              />
              <Trans>Não informar</Trans>
            </label>
            {REPORT_REASONS.map((code) => (
              <label key={code} className={css.reason}>
                <input type="radio" name="report-reason" value={code} className={css.radio} checked={reason === code} onChange={() => setReason(code)} />
                {i18n._(REASON_LABELS[code])}
              </label>
            ))}
          </div>
        </fieldset>
        {reason === 'self_harm' ? (
          <p className={css.help} role="note">
            <Trans>
              Se você ou alguém está em perigo agora, peça ajuda a um adulto de confiança. No Brasil, o CVV atende de graça,
              24 horas, pelo 188.
            </Trans>
          </p>
        ) : null}
        <label className={f.label} htmlFor={detailsId}>
          <Trans>Detalhes (opcional)</Trans>
        </label>
        <textarea
          id={detailsId}
          className={css.textarea}
          value={details}
          maxLength={REPORT_DETAILS_MAX}
          onChange={(event) => setDetails(event.target.value)}
          aria-describedby={counterId}
        />
        <p id={counterId} className={left < 20 ? `${css.counter} ${css.counterLow}` : css.counter} aria-live="polite">
          <Plural value={left} _0="Nenhum caractere restante" one="# caractere restante" other="# caracteres restantes" />
        </p>
        <div className={d.actions}>
          <button type="button" className={button.ghost} onClick={close}>
            <Trans>Cancelar</Trans>
          </button>
          <button type="submit" className={button.danger} disabled={busy} aria-busy={busy}>
            <Trans>Enviar denúncia</Trans>
          </button>
        </div>
      </form>
    </dialog>
  );
}
