import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useParams } from 'wouter';
import * as f from '../../components/form.css.ts';
import { button } from '../../components/ui.css.ts';
import { confirmGuardian, type GuardianConfirmation, type SafetyProblem } from '../../data/online/safety.ts';
import { safetyProblemMessage } from './messages.ts';

/**
 * /guardian/{token} (issue 22): the page a minor's guardian opens from the mail. No account is
 * needed. Confirming takes a tap (not the opening alone: mail scanners open links), and the
 * minor's account leaves the safest settings for a minor's defaults.
 */
export default function GuardianScreen() {
  const { token = '' } = useParams<{ token?: string }>();
  const { i18n } = useLingui();
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<GuardianConfirmation | null>(null);
  const [problem, setProblem] = useState<SafetyProblem | null>(null);
  // A link that is unknown or outdated stays so: tapping again cannot help (walkthrough J9).
  const linkUseless = problem === 'guardian_link_invalid' || !token;

  async function confirm() {
    setBusy(true);
    setProblem(null);
    const result = await confirmGuardian(token);
    setBusy(false);
    if (result.ok) setDone(result.value);
    else setProblem(result.problem);
  }

  return (
    <div className={f.authPage}>
      <div className={f.panel}>
        <h1 className={f.title}>
          <Trans>Confirmação do responsável</Trans>
        </h1>
        {done ? (
          <div role="status" data-testid="guardian-confirmed">
            <p className={f.lede}>
              {done.already_confirmed ? (
                <Trans>A conta de @{done.username} já estava confirmada. Não é preciso fazer mais nada.</Trans>
              ) : (
                <Trans>
                  Obrigado! A conta de @{done.username} está confirmada. O perfil continua privado e as conexões ficam
                  visíveis só para amigos; vocês podem mudar isso juntos nas configurações.
                </Trans>
              )}
            </p>
            <p className={f.hint}>
              <Trans>
                Você pode pedir a qualquer momento para acessar, corrigir ou excluir os dados do adolescente pelo nosso{' '}
                <Link href="/contato">contato</Link>.
              </Trans>
            </p>
          </div>
        ) : (
          <>
            <p className={f.lede}>
              <Trans>
                Um adolescente criou uma conta no Cadernos, o app de cadernos de perguntas para amigos e família, e
                informou você como responsável. Quem tem de 13 a 17 anos usa o Cadernos com a supervisão de um dos pais
                ou responsável. Até você confirmar, a conta fica com as configurações mais seguras.
              </Trans>
            </p>
            <p className={f.hint}>
              <Trans>
                Leia os <Link href="/terms">Termos de Uso</Link> e a <Link href="/privacy">Política de Privacidade</Link>.
                Se você não conhece quem criou a conta, não confirme.
              </Trans>
            </p>
            {problem && (
              <p className={f.alert} role="alert">
                {i18n._(safetyProblemMessage(problem))}
              </p>
            )}
            {!linkUseless && (
              <button type="button" className={`${button.primary} ${f.submit}`} disabled={busy} onClick={() => void confirm()}>
                {busy ? <Trans>Confirmando…</Trans> : <Trans>Confirmo que acompanho esta conta</Trans>}
              </button>
            )}
          </>
        )}
      </div>
    </div>
  );
}
