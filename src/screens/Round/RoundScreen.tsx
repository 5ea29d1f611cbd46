import { useEffect, useMemo, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Link, useLocation, useParams } from 'wouter';
import type { DataLayer } from '../../data/data-layer.ts';
import type { RoundProblem, RoundResult } from '../../data/problems.ts';
import type { RoundView } from '../../data/queries/round.ts';
import { claimPath, formatClaimCode, type LockKind, type RoundState } from '../../data/repositories/rounds.ts';
import { localizePath } from '../../locale/detect.ts';
import { useRoundStore } from '../../state/round.ts';
import { DEFAULT_LOCALE, isLocale } from '../../locale/locales.ts';
import { FormField } from '../../components/FormField.tsx';
import * as f from '../../components/form.css.ts';
import { button, page } from '../../components/ui.css.ts';
import { backTo } from '../../navigation/links.ts';
import { StatePanel } from '../notebooks/common/StatePanel.tsx';
import { SignedInData } from '../notebooks/common/SignedInData.tsx';
import { useObservable } from '../../state/data-layer.ts';
import { roundProblemText } from '../notebooks/round/messages.ts';
import { QrCode } from './QrCode.tsx';
import * as css from './Round.css.ts';

/**
 * /notebook/{id}/rodada — "Passar o caderno" (issue 21): one phone, many friends, no signal. The
 * host starts a round and locks it; each friend in turn writes their name, answers, gets the code
 * that lets them claim their answers later, and hands the phone on. While the round goes on, the
 * app stays here (src/app/RoundGuard.tsx); only the lock ends it.
 */
export default function RoundScreen() {
  const { id } = useParams<{ id: string }>();
  const roundGoingOn = useRoundStore((st) => st.active !== null);
  const signedOut = roundGoingOn ? (
    // The host's session ended during the round: the phone stays here, and the lock still ends it.
    <div className={css.stack}>
      <h1 className={css.heading}>
        <Trans>Uma rodada está acontecendo neste celular</Trans>
      </h1>
      <EndRoundForm end={(secret) => import('../../data/repositories/rounds.ts').then((rounds) => rounds.endRoundOnDevice(secret))} lock="unknown" />
    </div>
  ) : (
    <StatePanel title={<Trans>Entre para começar uma rodada</Trans>}>
      <Link href={backTo('/login', `/notebook/${id}/rodada`)} className={button.primary}>
        <Trans>Entrar</Trans>
      </Link>
    </StatePanel>
  );
  const failed = (
    <StatePanel title={<Trans>Erro ao carregar caderno</Trans>}>
      <p>
        <Trans>Não foi possível carregar os detalhes do caderno</Trans>
      </p>
    </StatePanel>
  );
  return (
    <div className={page}>
      <div className={f.panel}>
        <SignedInData signedOut={signedOut} failed={failed} loading={<Loading />}>
          {(layer) => <Round layer={layer} notebookId={id} />}
        </SignedInData>
      </div>
    </div>
  );
}

function Loading() {
  return (
    <p role="status">
      <Trans>Carregando…</Trans>
    </p>
  );
}

function Round({ layer, notebookId }: { layer: DataLayer; notebookId: string }) {
  const view = useObservable(useMemo(() => layer.api.queries.round(), [layer]));
  if (view === undefined) return <Loading />;
  if (view.kind === 'none') return <StartRound layer={layer} notebookId={notebookId} />;
  if (view.kind === 'other-host') return <ForeignRound layer={layer} state={view.state} />;
  return <RoundStep layer={layer} view={view} />;
}

/** The step's heading takes the focus when the step changes, so a screen reader says where we are. */
function StepHeading({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <h1 className={css.heading} tabIndex={-1} ref={ref} data-testid="round-step">
      {children}
    </h1>
  );
}

/** After a refusal: the field, whose error line a screen reader then reads with it (FormField ties them). */
function focusField(id: string): void {
  requestAnimationFrame(() => document.getElementById(id)?.focus());
}

/** A refusal's sentence for a field's error line (FormField ties it to the field). */
function useProblemText() {
  const { i18n } = useLingui();
  return (problem: RoundProblem | null, step: 'round' | 'answer') => (problem ? roundProblemText(i18n, problem, step) : undefined);
}

function StartRound({ layer, notebookId }: { layer: DataLayer; notebookId: string }) {
  const { t } = useLingui();
  const problemText = useProblemText();
  const notebook = useObservable(useMemo(() => layer.api.queries.notebook(notebookId), [layer, notebookId]));
  const [kind, setKind] = useState<LockKind>('pin');
  const [secret, setSecret] = useState('');
  const [again, setAgain] = useState('');
  const [mismatch, setMismatch] = useState(false);
  const [problem, setProblem] = useState<RoundProblem | null>(null);
  const [busy, setBusy] = useState(false);

  if (notebook === undefined) return <Loading />;
  if (notebook === null || !notebook.may.answer) {
    return (
      <div className={css.stack}>
        <h1 className={css.heading}>
          <Trans>Passar o caderno</Trans>
        </h1>
        <p>
          <Trans>Só quem pode responder este caderno pode começar uma rodada com ele.</Trans>
        </p>
        <Link href="/meus-cadernos" className={button.primary}>
          <Trans>Ir para meus cadernos</Trans>
        </Link>
      </div>
    );
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setMismatch(secret !== again);
    if (secret !== again) return focusField('round-secret-again');
    setBusy(true);
    const result = await layer.api.rounds.start(notebookId, { kind, secret });
    setBusy(false);
    setProblem(result.ok ? null : result.problem);
    if (!result.ok) focusField('round-secret');
  };
  const isPin = kind === 'pin';
  const secretError = problemText(problem, 'round');
  return (
    <div className={css.stack}>
      <h1 className={css.heading}>
        <Trans>Passar o caderno</Trans>
      </h1>
      <p className={f.lede}>
        <Trans>
          Cada pessoa escreve o nome, responde e passa o celular adiante. As respostas de cada uma ficam separadas e são enviadas quando houver
          internet.
        </Trans>
      </p>
      <form className={f.form} onSubmit={(event) => void submit(event)} noValidate>
        <fieldset className={f.fieldset}>
          <legend className={f.legend}>
            <Trans>Como encerrar a rodada (só você)</Trans>
          </legend>
          <label className={f.checkRow}>
            <input type="radio" name="lock" className={f.checkbox} checked={isPin} onChange={() => setKind('pin')} />
            <Trans>Com um PIN</Trans>
          </label>
          <label className={f.checkRow}>
            <input type="radio" name="lock" className={f.checkbox} checked={!isPin} onChange={() => setKind('password')} />
            <Trans>Com a senha da minha conta</Trans>
          </label>
        </fieldset>
        <FormField
          id="round-secret"
          label={isPin ? t`PIN (4 a 8 números)` : t`Senha da sua conta`}
          type="password"
          inputMode={isPin ? 'numeric' : undefined}
          autoComplete={isPin ? 'off' : 'current-password'}
          value={secret}
          onChange={(event) => setSecret(event.target.value)}
          error={secretError}
          revealable
          required
        />
        <FormField
          id="round-secret-again"
          label={isPin ? t`Repita o PIN` : t`Repita a senha`}
          type="password"
          inputMode={isPin ? 'numeric' : undefined}
          autoComplete="off"
          value={again}
          onChange={(event) => setAgain(event.target.value)}
          error={mismatch ? isPin ? t`Os dois PINs não são iguais.` : t`As duas senhas não são iguais.` : undefined}
          required
        />
        <p className={f.hint}>
          <Trans>Enquanto a rodada durar, o app fica nela: ninguém abre seus outros cadernos, suas configurações ou sai da sua conta.</Trans>
        </p>
        <div className={css.actions}>
          <button type="submit" className={button.primary} disabled={busy}>
            <Trans>Começar a rodada</Trans>
          </button>
          <Link href={`/notebook/${notebookId}`} className={button.ghost}>
            <Trans>Voltar ao caderno</Trans>
          </Link>
        </div>
      </form>
    </div>
  );
}

function RoundStep({ layer, view }: { layer: DataLayer; view: Extract<RoundView, { kind: 'mine' }> }) {
  const { state } = view;
  return (
    <div className={css.stack}>
      {state.phase === 'handover' && <Handover key={`handover-${state.guestIds.length}`} layer={layer} state={state} title={view.notebook?.title ?? ''} />}
      {state.phase === 'answering' && state.guest && <GuestAnswers key={state.guest.id} layer={layer} view={view} />}
      {state.phase === 'turn-ended' && state.guest && state.claimCode && (
        <TurnEnded key={`ended-${state.guest.id}`} layer={layer} name={state.guest.name} claimCode={state.claimCode} />
      )}
      <EndRound layer={layer} state={state} />
    </div>
  );
}

/** Between two people: nothing of the previous turn shows. */
function Handover({ layer, state, title }: { layer: DataLayer; state: RoundState; title: string }) {
  const { t } = useLingui();
  const problemText = useProblemText();
  const [name, setName] = useState('');
  const [anonymous, setAnonymous] = useState(false);
  const [problem, setProblem] = useState<RoundProblem | null>(null);
  const [busy, setBusy] = useState(false);
  const count = state.guestIds.length;
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    const result = await layer.api.rounds.startTurn({ name, anonymous });
    setBusy(false);
    if (!result.ok) {
      setProblem(result.problem);
      focusField('guest-name');
    }
  };
  return (
    <>
      <StepHeading>
        <Trans>Vez da próxima pessoa</Trans>
      </StepHeading>
      {/* Two lines: the title is the owner's words and may end with anything, so no sentence runs on from it. */}
      <p className={f.lede}>
        <Trans>Caderno: {title}</Trans>
        <br />
        <Plural value={count} _0="Ninguém respondeu ainda nesta rodada." one="# pessoa já respondeu nesta rodada." other="# pessoas já responderam nesta rodada." />
      </p>
      <form className={f.form} onSubmit={(event) => void submit(event)} noValidate>
        <FormField
          id="guest-name"
          label={t`Seu nome`}
          value={name}
          maxLength={50}
          autoComplete="off"
          onChange={(event) => setName(event.target.value)}
          error={problemText(problem, 'round')}
          required
        />
        <div className={f.field}>
          <label className={f.checkRow}>
            <input
              type="checkbox"
              className={f.checkbox}
              checked={anonymous}
              onChange={(event) => setAnonymous(event.target.checked)}
              aria-describedby="guest-anonymous-hint"
            />
            <Trans>Responder como anônimo</Trans>
          </label>
          <p id="guest-anonymous-hint" className={f.hint}>
            <Trans>Só o dono do caderno verá seu nome. Para todos os outros, suas respostas aparecem como “Anônimo”.</Trans>
          </p>
        </div>
        <button type="submit" className={button.primary} disabled={busy}>
          <Trans>Começar a responder</Trans>
        </button>
      </form>
    </>
  );
}

/** The guest's answers: only theirs, saved one by one on the device; the turn ends when all are saved. */
function GuestAnswers({ layer, view }: { layer: DataLayer; view: Extract<RoundView, { kind: 'mine' }> }) {
  const { i18n } = useLingui();
  const guest = view.state.guest!;
  const [texts, setTexts] = useState<Record<string, string>>(() =>
    Object.fromEntries(view.questions.map(({ question, answer }) => [question.id, answer?.text ?? ''])),
  );
  const [problems, setProblems] = useState<Record<string, RoundProblem>>({});
  const [busy, setBusy] = useState(false);
  const [noAnswer, setNoAnswer] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const filled = view.questions.filter(({ question }) => (texts[question.id] ?? '').trim() !== '');
    setNoAnswer(filled.length === 0);
    if (filled.length === 0) return;
    setBusy(true);
    const found: Record<string, RoundProblem> = {};
    for (const { question } of filled) {
      const result = await layer.api.rounds.answer(question.id, texts[question.id]);
      if (!result.ok) found[question.id] = result.problem;
    }
    setProblems(found);
    const firstRefused = view.questions.find(({ question }) => found[question.id]);
    if (firstRefused) {
      setBusy(false);
      formRef.current?.querySelector<HTMLTextAreaElement>(`#answer-${firstRefused.question.id}`)?.focus();
      return;
    }
    await layer.api.rounds.endTurn();
    setBusy(false);
  };
  const name = guest.name;
  return (
    <>
      <StepHeading>
        <Trans>Olá, {name}!</Trans>
      </StepHeading>
      <p className={f.lede}>
        {guest.isAnonymous ? (
          <Trans>Você responde como anônimo: só o dono do caderno verá seu nome.</Trans>
        ) : (
          <Trans>Responda o que quiser; as perguntas em branco ficam sem resposta.</Trans>
        )}
      </p>
      <form className={f.form} onSubmit={(event) => void submit(event)} ref={formRef} noValidate>
        {view.questions.map(({ question }, index) => {
          const problem = problems[question.id];
          const errorId = `answer-${question.id}-error`;
          return (
            <div key={question.id} className={css.question}>
              <label htmlFor={`answer-${question.id}`} className={f.label}>
                {index + 1}. {question.text}
              </label>
              <textarea
                id={`answer-${question.id}`}
                className={css.textarea}
                value={texts[question.id] ?? ''}
                onChange={(event) => setTexts((current) => ({ ...current, [question.id]: event.target.value }))}
                aria-invalid={problem ? true : undefined}
                aria-describedby={problem ? errorId : undefined}
                data-testid="guest-answer"
              />
              {problem && (
                <p id={errorId} className={f.error} role="alert">
                  {roundProblemText(i18n, problem, 'answer')}
                </p>
              )}
            </div>
          );
        })}
        {noAnswer && (
          <p className={f.alert} role="alert">
            <Trans>Responda pelo menos uma pergunta.</Trans>
          </p>
        )}
        <button type="submit" className={button.primary} disabled={busy}>
          <Trans>Salvar e terminar minha vez</Trans>
        </button>
      </form>
    </>
  );
}

/** The guest's claim code and its QR code, until the next person's turn starts. */
function TurnEnded({ layer, name, claimCode }: { layer: DataLayer; name: string; claimCode: string }) {
  const { t, i18n } = useLingui();
  const locale = isLocale(i18n.locale) ? i18n.locale : DEFAULT_LOCALE;
  const claimUrl = window.location.origin + localizePath(claimPath(claimCode), locale);
  const claimPage = window.location.origin + localizePath('/claim', locale);
  const code = formatClaimCode(claimCode);
  return (
    <>
      <StepHeading>
        <Trans>Obrigado, {name}!</Trans>
      </StepHeading>
      <p>
        <Trans>Suas respostas estão guardadas neste celular e serão enviadas quando houver internet.</Trans>
      </p>
      <section className={css.stack} aria-labelledby="claim-heading">
        <h2 id="claim-heading" className={f.label}>
          <Trans>Quer guardar suas respostas na sua conta?</Trans>
        </h2>
        <p>
          <Trans>Escaneie o código QR com o seu celular, ou abra {claimPage} e digite este código:</Trans>
        </p>
        <p className={css.code} data-testid="claim-code">
          {code}
        </p>
        <QrCode value={claimUrl} label={t`Código QR do link para resgatar suas respostas. Código: ${code}`} />
        <p className={f.hint}>
          <Trans>Anote ou fotografe o código agora: ele some deste celular quando a próxima pessoa começar.</Trans>
        </p>
      </section>
      <button type="button" className={button.primary} onClick={() => void layer.api.rounds.handOn()}>
        <Trans>Passar para a próxima pessoa</Trans>
      </button>
    </>
  );
}

/** Only the round's lock ends it (checked on the device: it works offline). */
function EndRound({ layer, state }: { layer: DataLayer; state: RoundState }) {
  const [open, setOpen] = useState(false);
  const { t } = useLingui();
  return (
    <section className={css.endRound} aria-label={t`Encerrar a rodada`}>
      {!open ? (
        <button type="button" className={button.ghost} onClick={() => setOpen(true)}>
          <Trans>Encerrar a rodada</Trans>
        </button>
      ) : (
        <EndRoundForm end={(secret) => layer.api.rounds.end(secret)} lock={state.lock.kind} onCancel={() => setOpen(false)} />
      )}
    </section>
  );
}

function EndRoundForm({
  end,
  lock,
  onCancel,
}: {
  end: (secret: string) => Promise<RoundResult<string>>;
  /** unknown: signed out, the round's state is not read here. */
  lock: LockKind | 'unknown';
  onCancel?: () => void;
}) {
  const { t } = useLingui();
  const isPin = lock === 'pin';
  const label = isPin ? t`PIN de quem começou a rodada` : lock === 'password' ? t`Senha de quem começou a rodada` : t`PIN ou senha de quem começou a rodada`;
  const problemText = useProblemText();
  const [, navigate] = useLocation();
  const [secret, setSecret] = useState('');
  const [problem, setProblem] = useState<RoundProblem | null>(null);
  const [busy, setBusy] = useState(false);
  // Not autoFocus: Preact sets it as the attribute, which browsers ignore after the first one.
  const secretField = useRef<HTMLInputElement>(null);
  useEffect(() => secretField.current?.focus(), []);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    const result = await end(secret);
    setBusy(false);
    if (!result.ok) {
      setProblem(result.problem);
      return focusField('end-round-secret');
    }
    navigate(`/notebook/${result.value}`, { replace: true });
  };
  return (
    <form className={f.form} onSubmit={(event) => void submit(event)} noValidate>
      <FormField
        id="end-round-secret"
        label={label}
        type="password"
        inputMode={isPin ? 'numeric' : undefined}
        autoComplete="off"
        value={secret}
        onChange={(event) => setSecret(event.target.value)}
        error={problemText(problem, 'round')}
        ref={secretField}
        required
      />
      <div className={css.actions}>
        <button type="submit" className={button.danger} disabled={busy}>
          <Trans>Encerrar</Trans>
        </button>
        {onCancel && (
          <button type="button" className={button.ghost} onClick={onCancel}>
            <Trans>Continuar a rodada</Trans>
          </button>
        )}
      </div>
    </form>
  );
}

/** A round another account started on this phone: only its lock ends it here. */
function ForeignRound({ layer, state }: { layer: DataLayer; state: RoundState }) {
  return (
    <div className={css.stack}>
      <StepHeading>
        <Trans>Uma rodada está acontecendo neste celular</Trans>
      </StepHeading>
      <p>
        <Trans>Ela foi começada com outra conta. Só quem a começou pode encerrá-la.</Trans>
      </p>
      <EndRound layer={layer} state={state} />
    </div>
  );
}
