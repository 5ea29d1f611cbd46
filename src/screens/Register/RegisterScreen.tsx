import { useEffect, useRef, useState, type FormEvent, type ReactNode, type RefObject } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useLocation, useSearch } from 'wouter';
import { FormField } from '../../components/FormField.tsx';
import { AuthPanel, CheckEmailPanel } from '../accounts/AuthPanel.tsx';
import { ConfirmPasswordField, EmailField, NewPasswordField } from '../accounts/fields.tsx';
import { FormAlert } from '../accounts/FormAlert.tsx';
import { SubmitButton } from '../accounts/SubmitButton.tsx';
import { guardianAddressLimitMessage } from '../safety/messages.ts';
import {
  PASSWORD_RULES,
  birthDateMessage,
  guardianEmailMessage,
  inWords,
  passwordMessage,
  registrationErrorField,
  registrationMessage,
  usernameMessage,
} from '../accounts/messages.ts';
import * as f from '../../components/form.css.ts';
import { Icon } from '../../components/Icon.tsx';
import { button, visuallyHidden } from '../../components/ui.css.ts';
import { afterSignIn, appUrl, nextPath, withNext } from '../../navigation/links.ts';
import type { UsernameAvailability } from '../../data/auth.ts';
import {
  isMinor,
  unmetPasswordRules,
  validateBirthDate,
  validateRegistration,
  validateUsername,
  type RegistrationProblems,
} from '../../data/validation.ts';
import type { RegistrationError } from '../../data/auth-errors.ts';
import { toast } from '../../state/toast.ts';
import { useUnsavedChanges } from '../../state/unsaved.ts';

/**
 * The auth layer (it brings supabase-js) is loaded by the calls, not with the form: on a slow
 * network the form shows while it downloads (issue 20), and the person types meanwhile.
 */
const auth = () => import('../../data/auth.ts');
const checkUsernameAvailability = (name: string): Promise<UsernameAvailability> =>
  auth().then(
    (layer) => layer.checkUsernameAvailability(name),
    () => 'unknown',
  );

/** Pause after the last keystroke before asking the server about a username. */
const AVAILABILITY_DEBOUNCE_MS = 400;

type Availability = { username: string; result: UsernameAvailability | 'checking' };

/**
 * Asks the server whether the typed username is free and allowed, once typing pauses or at once
 * when the field is left (`left`: issue 29, a forbidden name is said on blur, as a taken one is).
 */
function useUsernameAvailability(username: string, left: boolean): Availability | null {
  const [state, setState] = useState<Availability | null>(null);
  const known = useRef<Availability | null>(null);
  useEffect(() => {
    const name = username.trim();
    if (validateUsername(name)) {
      setState(null);
      return;
    }
    // Leaving the field after the answer came: nothing to ask again.
    if (known.current?.username === name && known.current.result !== 'checking') return;
    let stale = false;
    setState({ username: name, result: 'checking' });
    const timer = setTimeout(
      () => {
        void checkUsernameAvailability(name).then((result) => {
          if (stale) return;
          known.current = { username: name, result };
          setState(known.current);
        });
      },
      left ? 0 : AVAILABILITY_DEBOUNCE_MS,
    );
    return () => {
      stale = true;
      clearTimeout(timer);
    };
  }, [username, left]);
  return state;
}

type FieldName = keyof RegistrationProblems;
const FIELD_ORDER: FieldName[] = ['username', 'email', 'password', 'confirmation', 'birthDate', 'guardianEmail', 'guardianAcknowledged'];

/**
 * /register (spec §5): username, e-mail, password twice, date of birth; 13–17-year-olds also
 * give a guardian's e-mail and say the guardian knows (issue 22: the server checks the same and
 * mails the guardian). Under 13 is refused kindly.
 */
export default function RegisterScreen() {
  const { t, i18n } = useLingui();
  const [, navigate] = useLocation();
  const search = useSearch();
  const [username, setUsername] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [birthDate, setBirthDate] = useState('');
  const [guardianEmail, setGuardianEmail] = useState('');
  const [guardianAcknowledged, setGuardianAcknowledged] = useState(false);
  const minor = isMinor(birthDate);
  const [problems, setProblems] = useState<RegistrationProblems>({});
  const [usernameRefused, setUsernameRefused] = useState<'taken' | 'forbidden' | null>(null);
  const [serverError, setServerError] = useState<RegistrationError | null>(null);
  const [busy, setBusy] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [usernameLeft, setUsernameLeft] = useState(false);
  const availability = useUsernameAvailability(username, usernameLeft);
  const refs: Record<FieldName, RefObject<HTMLInputElement | null>> = {
    username: useRef<HTMLInputElement>(null),
    email: useRef<HTMLInputElement>(null),
    password: useRef<HTMLInputElement>(null),
    confirmation: useRef<HTMLInputElement>(null),
    birthDate: useRef<HTMLInputElement>(null),
    guardianEmail: useRef<HTMLInputElement>(null),
    guardianAcknowledged: useRef<HTMLInputElement>(null),
  };

  const dirty = !sentTo && [username, email, password].some((v) => v !== '');
  useUnsavedChanges('register', dirty && !busy);
  useEffect(() => setUsernameRefused(null), [username]);

  const liveResult = availability?.username === username.trim() ? availability.result : null;
  const refused = usernameRefused ?? (liveResult === 'taken' || liveResult === 'forbidden' ? liveResult : null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setServerError(null);
    const found = validateRegistration({ username, email, password, confirmation, birthDate, guardianEmail, guardianAcknowledged });
    setProblems(found);
    const first = FIELD_ORDER.find((name) => found[name]);
    if (first) return refs[first].current?.focus();
    if (refused) return refs.username.current?.focus();
    const offline = () =>
      setServerError({ ok: false, code: 'server', params: { serverMessage: t`Você está sem internet. Conecte-se para criar sua conta.` } });
    if (!navigator.onLine) return offline();

    setBusy(true);
    try {
      // The live check's "available" stands: a name taken since is refused by the sign-up itself,
      // said at the field as the check says it (below). A check still running, or none, is asked
      // once more — on a slow network this round trip is worth sparing.
      const now = liveResult === 'available' ? liveResult : await checkUsernameAvailability(username);
      if (now === 'taken' || now === 'forbidden') {
        setUsernameRefused(now);
        refs.username.current?.focus();
        return;
      }
      // Not downloaded, and the network gone meanwhile: said as being offline is.
      const layer = await auth().catch(() => null);
      if (!layer) return offline();
      const outcome = await layer.signUp({
        username,
        email,
        password,
        redirectTo: appUrl(nextPath(search) ?? '/'),
        birthDate,
        ...(minor ? { guardianEmail, guardianAcknowledged } : {}),
      });
      if (!outcome.ok && registrationErrorField(outcome) === 'username') {
        // taken (or refused) between the check above and the sign-up: said as the check says it
        setUsernameRefused(outcome.code === 'usernameForbidden' ? 'forbidden' : 'taken');
        refs.username.current?.focus();
        return;
      }
      if (!outcome.ok) {
        setServerError(outcome);
        toast({ title: t`Erro no registro`, description: inWords(i18n, registrationMessage(outcome)), variant: 'destructive' });
        const field = registrationErrorField(outcome);
        refs[field ?? 'email'].current?.focus();
        return;
      }
      // A minor sees where the guardian's mail went, so a mistyped address is noticed at once
      // (walkthrough J8); Settings' account tab corrects it.
      const guardianAddress = guardianEmail.trim();
      const notMailed = outcome.status === 'signed-in' && outcome.guardianNotMailed;
      toast({
        title: t`Registro realizado com sucesso!`,
        ...(minor ? { description: notMailed ? i18n._(guardianAddressLimitMessage) : t`Enviamos um e-mail para seu responsável: ${guardianAddress}` } : {}),
      });
      if (outcome.status === 'check-email') setSentTo(outcome.email);
      else navigate(afterSignIn(search));
    } finally {
      setBusy(false);
    }
  }

  if (sentTo) {
    return (
      <CheckEmailPanel
        testId="check-email"
        lede={
          <Trans>
            Enviamos um link de confirmação para <strong>{sentTo}</strong>. Abra o e-mail e toque no link para ativar
            sua conta; depois é só entrar.
          </Trans>
        }
        hint={<Trans>Não chegou? Veja a caixa de spam ou lixo eletrônico.</Trans>}
      >
        <Link href={withNext('/login', search)} className={`${button.primary} ${f.submit}`}>
          <Trans>Ir para o login</Trans>
        </Link>
      </CheckEmailPanel>
    );
  }

  const serverField = serverError ? registrationErrorField(serverError) : null;
  const serverMessage = serverError ? inWords(i18n, registrationMessage(serverError)) : null;
  const unmet = unmetPasswordRules(password);

  let usernameStatus: string | null = null;
  let usernameTone: 'ok' | 'bad' | 'neutral' = 'neutral';
  if (!problems.username) {
    if (refused === 'taken') [usernameStatus, usernameTone] = [t`Nome de usuário já está em uso`, 'bad'];
    else if (refused === 'forbidden') [usernameStatus, usernameTone] = [t`Este nome de usuário não é permitido`, 'bad'];
    else if (liveResult === 'available') [usernameStatus, usernameTone] = [t`Nome de usuário disponível`, 'ok'];
    else if (liveResult === 'checking') usernameStatus = t`Verificando disponibilidade…`;
  }

  return (
    <AuthPanel
      title={<Trans>Criar conta</Trans>}
      lede={<Trans>Crie seus cadernos e responda os dos amigos. Leva menos de um minuto.</Trans>}
    >
      <form className={f.form} onSubmit={(e) => void submit(e)} noValidate aria-busy={busy}>
        <FormAlert message={serverMessage && !serverField ? serverMessage : null} />
        <FormField
          ref={refs.username}
          id="register-username"
          label={<Trans>Nome de usuário</Trans>}
          name="username"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          maxLength={40}
          required
          value={username}
          onChange={(e) => {
            setUsername(e.target.value);
            setUsernameLeft(false);
          }}
          onBlur={() => setUsernameLeft(true)}
          hint={<Trans>De 3 a 20 caracteres: letras, números, _ ou -.</Trans>}
          status={usernameStatus}
          statusTone={usernameTone}
          error={problems.username && i18n._(usernameMessage(problems.username))}
        />
        <EmailField
          ref={refs.email}
          id="register-email"
          value={email}
          onChange={setEmail}
          problem={problems.email}
          error={serverField === 'email' ? serverMessage : undefined}
        />
        <NewPasswordField
          ref={refs.password}
          id="register-password"
          label={<Trans>Senha</Trans>}
          value={password}
          onChange={setPassword}
          hint={
            <>
              <Trans>A senha precisa ter:</Trans>
              {/* role: Safari drops the list semantics of a list without bullets */}
              <ul className={f.rules} role="list">
                {PASSWORD_RULES.map(({ rule, label }) => {
                  const met = !unmet.includes(rule);
                  return (
                    <li key={rule} className={met ? f.ruleMet : f.ruleUnmet}>
                      <Icon name={met ? 'check' : 'circle'} />{' '}
                      <span className={visuallyHidden}>{met ? t`Cumprido:` : t`Falta:`} </span>
                      {i18n._(label)}
                    </li>
                  );
                })}
              </ul>
            </>
          }
          error={
            problems.password
              ? i18n._(passwordMessage(problems.password))
              : serverField === 'password'
                ? serverMessage
                : undefined
          }
        />
        <ConfirmPasswordField
          ref={refs.confirmation}
          id="register-confirmation"
          label={<Trans>Confirme a senha</Trans>}
          value={confirmation}
          onChange={setConfirmation}
          problem={problems.confirmation}
        />
        <FormField
          ref={refs.birthDate}
          id="register-birth-date"
          label={<Trans>Data de nascimento</Trans>}
          name="birthdate"
          type="date"
          autoComplete="bday"
          required
          value={birthDate}
          onChange={(e) => {
            const value = e.target.value;
            setBirthDate(value);
            // A message said about the date is said again for the new one (issue 29: "under 13" stayed after changing to 15).
            setProblems((found) => (found.birthDate ? { ...found, birthDate: validateBirthDate(value) ?? undefined } : found));
            setServerError((said) => (said && registrationErrorField(said) === 'birthDate' ? null : said));
          }}
          hint={<Trans>Fica só com você: não aparece no seu perfil.</Trans>}
          error={problems.birthDate ? i18n._(birthDateMessage(problems.birthDate)) : serverField === 'birthDate' ? serverMessage : undefined}
        />
        {minor && (
          <fieldset className={f.fieldset}>
            <legend className={f.legend}>
              <Trans>Seu responsável</Trans>
            </legend>
            <p className={f.hint}>
              <Trans>
                Quem tem de 13 a 17 anos usa o Cadernos com a supervisão de um dos pais ou responsável. Vamos mandar um
                e-mail para ele confirmar. Até lá, sua conta fica com as configurações mais seguras: perfil privado e
                conexões privadas.
              </Trans>
            </p>
            <FormField
              ref={refs.guardianEmail}
              id="register-guardian-email"
              label={<Trans>E-mail do responsável</Trans>}
              name="guardian-email"
              type="email"
              autoComplete="off"
              required
              value={guardianEmail}
              onChange={(e) => setGuardianEmail(e.target.value)}
              error={problems.guardianEmail && i18n._(guardianEmailMessage(problems.guardianEmail))}
            />
            <CheckField
              inputRef={refs.guardianAcknowledged}
              id="register-guardian"
              checked={guardianAcknowledged}
              onChange={setGuardianAcknowledged}
              error={problems.guardianAcknowledged && t`Confirme que seu responsável sabe da conta.`}
            >
              <Trans>Meu responsável sabe que estou criando esta conta e vai acompanhar o uso.</Trans>
            </CheckField>
          </fieldset>
        )}
        <p className={f.hint}>
          <Trans>
            Ao criar a conta, você aceita os <Link href="/terms">Termos de Uso</Link> e a{' '}
            <Link href="/privacy">Política de Privacidade</Link>.
          </Trans>
        </p>
        <SubmitButton busy={busy} busyLabel={<Trans>Criando conta…</Trans>}>
          <Trans>Criar conta</Trans>
        </SubmitButton>
      </form>
      <div className={f.links}>
        <Link href={withNext('/login', search)} className={f.link}>
          <Trans>Já tem conta? Entre</Trans>
        </Link>
      </div>
    </AuthPanel>
  );
}

function CheckField({
  id,
  checked,
  onChange,
  error,
  inputRef,
  children,
}: {
  id: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  error?: string | false;
  inputRef: RefObject<HTMLInputElement | null>;
  children: ReactNode;
}) {
  return (
    <div className={f.field}>
      <label className={f.checkRow} htmlFor={id}>
        <input
          ref={inputRef}
          id={id}
          type="checkbox"
          className={f.checkbox}
          checked={checked}
          onChange={(e) => onChange(e.target.checked)}
          required
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
        />
        <span>{children}</span>
      </label>
      {error && (
        <p id={`${id}-error`} className={f.error}>
          {error}
        </p>
      )}
    </div>
  );
}
