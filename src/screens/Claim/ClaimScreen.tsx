import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Link, useParams } from 'wouter';
import type { RoundProblem } from '../../data/problems.ts';
import type { ClaimOutcome } from '../../data/repositories/rounds.ts';
import { formatClaimCode } from '../../data/repositories/rounds.ts';
import { FormField } from '../../components/FormField.tsx';
import * as f from '../../components/form.css.ts';
import { button } from '../../components/ui.css.ts';
import { useSessionStore } from '../../state/session.ts';
import { backTo } from '../../navigation/links.ts';
import { useDataLayer } from '../../state/data-layer.ts';
import { roundProblemText } from '../notebooks/round/messages.ts';

type Claim = { state: 'idle' | 'claiming' } | { state: 'done'; outcome: ClaimOutcome } | { state: 'refused'; problem: RoundProblem };

/**
 * /claim and /claim/{code} (issue 21): a friend who answered at a round ("Passar o caderno") makes
 * those answers theirs with the code the round showed them (the QR code opens /claim/{code}). A
 * visitor logs in or registers and comes back here; a signed-in person's claim goes to the server
 * (online only), then the notebook opens.
 */
export default function ClaimScreen() {
  const { code: fromLink = '' } = useParams<{ code?: string }>();
  const status = useSessionStore((st) => st.status);
  const here = fromLink ? `/claim/${encodeURIComponent(fromLink)}` : '/claim';
  return (
    <div className={f.authPage}>
      <div className={f.panel}>
        <h1 className={f.title}>
          <Trans>Resgatar respostas de uma rodada</Trans>
        </h1>
        {status === 'loading' && (
          <p className={f.lede} role="status">
            <Trans>Verificando sua conta…</Trans>
          </p>
        )}
        {status === 'signed-out' && (
          <div data-testid="claim-login">
            <p className={f.lede}>
              <Trans>
                Entre ou crie uma conta para guardar nela as respostas que você deu quando passaram o caderno. Depois você volta direto para cá.
              </Trans>
            </p>
            <div className={f.links}>
              <Link href={backTo('/login', here)} className={button.primary}>
                <Trans>Entrar</Trans>
              </Link>
              <Link href={backTo('/register', here)} className={button.secondary}>
                <Trans>Criar conta</Trans>
              </Link>
            </div>
          </div>
        )}
        {status === 'signed-in' && <ClaimForm initialCode={fromLink} />}
      </div>
    </div>
  );
}

function ClaimForm({ initialCode }: { initialCode: string }) {
  const { t, i18n } = useLingui();
  const data = useDataLayer();
  const [code, setCode] = useState(initialCode ? formatClaimCode(initialCode) : '');
  const [claim, setClaim] = useState<Claim>({ state: 'idle' });
  const autoClaimed = useRef(false);
  const resultRef = useRef<HTMLDivElement>(null);

  const run = async (value: string) => {
    if (data.status !== 'ready') return;
    setClaim({ state: 'claiming' });
    const result = await data.layer.api.rounds.claim(value);
    setClaim(result.ok ? { state: 'done', outcome: result.value } : { state: 'refused', problem: result.problem });
    // The field's error line is read with it (FormField ties them).
    if (!result.ok) document.getElementById('claim-code')?.focus();
  };
  // The link from the QR code claims at once: the person came here for that.
  useEffect(() => {
    if (!initialCode || autoClaimed.current || data.status !== 'ready') return;
    autoClaimed.current = true;
    void run(initialCode);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [initialCode, data.status]);
  useEffect(() => {
    if (claim.state === 'done') resultRef.current?.focus();
  }, [claim.state]);

  if (claim.state === 'done') {
    const { moved, kept, notebookId, access } = claim.outcome;
    return (
      <div className={f.form} role="status" tabIndex={-1} ref={resultRef} data-testid="claim-done">
        <p>
          <Plural value={moved} _0="Nenhuma resposta nova passou para a sua conta." one="# resposta agora é sua." other="# respostas agora são suas." />
        </p>
        {kept > 0 && (
          <p className={f.hint}>
            <Plural
              value={kept}
              one="# resposta ficou como do convidado: você já tinha respondido essa pergunta."
              other="# respostas ficaram como do convidado: você já tinha respondido essas perguntas."
            />
          </p>
        )}
        {access === 'not_granted' ? (
          <>
            {/* The round's host may not share the notebook (only its owner can): the answers are theirs, the notebook is not. */}
            <p className={f.hint} data-testid="claim-no-access">
              <Trans>
                O caderno não foi compartilhado com você: quem passou o caderno não pode compartilhá-lo. Para ver o caderno, peça um convite a quem é dono dele.
              </Trans>
            </p>
            <Link href="/meus-cadernos" className={button.primary}>
              <Trans>Ir para meus cadernos</Trans>
            </Link>
          </>
        ) : (
          <Link href={`/notebook/${notebookId}`} className={button.primary}>
            <Trans>Abrir o caderno</Trans>
          </Link>
        )}
      </div>
    );
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void run(code);
  };
  const error = claim.state === 'refused' ? roundProblemText(i18n, claim.problem, 'claim') : undefined;
  return (
    <form className={f.form} onSubmit={submit} noValidate>
      <p className={f.lede}>
        <Trans>Digite o código de 12 letras e números que apareceu no celular no fim da sua vez.</Trans>
      </p>
      <FormField
        id="claim-code"
        label={t`Código`}
        value={code}
        onChange={(event) => setCode(event.target.value)}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        placeholder="ABCD-EFGH-JKLM"
        error={error}
        required
      />
      <button type="submit" className={button.primary} disabled={claim.state === 'claiming' || data.status !== 'ready'}>
        {claim.state === 'claiming' ? <Trans>Resgatando…</Trans> : <Trans>Resgatar respostas</Trans>}
      </button>
    </form>
  );
}
