import { Suspense, useRef, useState, type FormEvent } from 'react';
import { lazyPart } from '../../components/lazy-part.ts';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useSearch } from 'wouter';
import { NewPasswordFields, PasswordField } from '../accounts/fields.tsx';
import { FormAlert } from '../accounts/FormAlert.tsx';
import { SubmitButton } from '../accounts/SubmitButton.tsx';
import { inWords, passwordActionMessage } from '../accounts/messages.ts';
import { useNewPassword } from '../accounts/new-password.ts';
import * as f from '../../components/form.css.ts';
import { button } from '../../components/ui.css.ts';
import { signOutWithFeedback } from '../../state/session-actions.ts';
import { changePassword, signOutOtherDevices } from '../../data/auth.ts';
import { PASSWORD_MIN } from '../../data/validation.ts';
import { useSessionStore } from '../../state/session.ts';
import { toast } from '../../state/toast.ts';
import { useUnsavedChanges } from '../../state/unsaved.ts';
import { useTabKeys } from '../../components/tabs.ts';
import { OfflineNote, OnlineData } from '../online/OnlineData.tsx';
import { StoreReceipts } from '../online/store/Receipts.tsx';
import { useOnline } from '../../components/frame/useOnline.ts';
import { ProfileTab } from './ProfileSections.tsx';
import * as s from './SettingsScreen.css.ts';
import * as tabs from '../../components/tabs.css.ts';

const TABS = ['profile', 'account'] as const;
type Tab = (typeof TABS)[number];

/**
 * The account tab's safety sections (blocked people, your data) — the "safety" part of issue 22
 * builds them in the shared folder src/screens/safety/.
 */
const AccountSafetySections = lazyPart(() => import('../safety/AccountSafetySections.tsx'));

/**
 * /settings (spec §2): the profile tab (public profile, social, notebooks, language and theme —
 * online-only, src/screens/online) and the account tab (password, sessions, safety).
 */
export default function SettingsScreen() {
  const { t } = useLingui();
  const status = useSessionStore((st) => st.status);
  const search = useSearch();
  const initialTab: Tab = new URLSearchParams(search).get('tab') === 'account' ? 'account' : 'profile';
  const [tab, setTab] = useState<Tab>(initialTab);
  const { onKeyDown: onTabKey, tabRef } = useTabKeys(TABS, tab, setTab);
  const userId = useSessionStore((st) => st.userId);

  if (status === 'loading') {
    return (
      <div className={s.page} aria-busy="true">
        <h1 className={s.title}>
          <Trans>Configurações</Trans>
        </h1>
      </div>
    );
  }

  if (status !== 'signed-in') {
    return (
      <div className={s.page}>
        <h1 className={s.title}>
          <Trans>Configurações</Trans>
        </h1>
        <div className={f.panel} data-testid="not-authenticated">
          <p className={f.lede}>
            <strong>
              <Trans>Usuário não autenticado</Trans>
            </strong>
            {'. '}
            <Trans>Entre na sua conta para ver suas configurações.</Trans>
          </p>
          <Link href="/login" className={button.primary}>
            <Trans>Entrar</Trans>
          </Link>
        </div>
      </div>
    );
  }

  const labels: Record<Tab, string> = { profile: t`Perfil`, account: t`Conta` };

  return (
    <div className={s.page}>
      <h1 className={s.title}>
        <Trans>Configurações</Trans>
      </h1>
      <div role="tablist" aria-label={t`Seções das configurações`} className={tabs.tablist}>
        {TABS.map((name) => (
          <button
            key={name}
            ref={tabRef(name)}
            type="button"
            role="tab"
            id={`settings-tab-${name}`}
            aria-selected={tab === name}
            aria-controls={`settings-panel-${name}`}
            tabIndex={tab === name ? 0 : -1}
            className={tabs.tab}
            onClick={() => setTab(name)}
            onKeyDown={onTabKey}
          >
            {labels[name]}
          </button>
        ))}
      </div>
      <div
        role="tabpanel"
        id={`settings-panel-${tab}`}
        aria-labelledby={`settings-tab-${tab}`}
        className={tabs.panel}
        tabIndex={0}
      >
        <OnlineData>{tab === 'profile' && userId ? <ProfileTab userId={userId} /> : <AccountTab />}</OnlineData>
      </div>
    </div>
  );
}

function AccountTab() {
  const userId = useSessionStore((st) => st.userId);
  return (
    <>
      <ChangePasswordSection />
      <SecuritySection />
      {userId ? <StoreReceipts userId={userId} /> : null}
      <Suspense fallback={null}>
        <AccountSafetySections />
      </Suspense>
    </>
  );
}

function ChangePasswordSection() {
  const { t, i18n } = useLingui();
  const [current, setCurrent] = useState('');
  const [currentError, setCurrentError] = useState<string>();
  const newPassword = useNewPassword(PASSWORD_MIN);
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const currentRef = useRef<HTMLInputElement>(null);

  useUnsavedChanges('settings-password', !busy && (current !== '' || newPassword.password !== ''));

  async function submit(event: FormEvent) {
    event.preventDefault();
    setCurrentError(current ? undefined : t`Informe sua senha atual.`);
    // every field says its problem; the first one in the form gets the focus
    const newPasswordFine = newPassword.check(current !== '');
    setFormError(null);
    if (!current) return currentRef.current?.focus();
    if (!newPasswordFine) return;
    if (!navigator.onLine) {
      setFormError(t`Você está sem internet. Conecte-se para alterar a senha.`);
      return;
    }
    setBusy(true);
    const result = await changePassword(current, newPassword.password);
    setBusy(false);
    if (result.ok) {
      setCurrent('');
      newPassword.clear();
      toast({ title: t`Senha alterada com sucesso!` });
      return;
    }
    const message = inWords(i18n, passwordActionMessage(result));
    switch (result.code) {
      case 'current_password_incorrect':
        setCurrentError(message);
        newPassword.clearProblems();
        toast({ title: message, variant: 'destructive' });
        currentRef.current?.focus();
        return;
      case 'same_password':
        setCurrentError(undefined);
        newPassword.refuse(message);
        return;
      case 'server':
        setFormError(message);
        toast({ title: t`Erro ao atualizar senha`, description: message || undefined, variant: 'destructive' });
        return;
      default:
        setFormError(message);
    }
  }

  return (
    <section className={s.section} aria-labelledby="settings-password">
      <h2 id="settings-password" className={s.sectionTitle}>
        <Trans>Alterar senha</Trans>
      </h2>
      <form className={f.form} onSubmit={(e) => void submit(e)} noValidate aria-busy={busy}>
        {/* no title here: without the server's words the alert says 'Erro ao atualizar senha' alone */}
        <FormAlert message={formError === null ? null : formError || t`Erro ao atualizar senha`} />
        <PasswordField
          ref={currentRef}
          id="settings-current-password"
          label={<Trans>Senha atual</Trans>}
          name="current-password"
          autoComplete="current-password"
          value={current}
          onChange={setCurrent}
          error={currentError}
        />
        <NewPasswordFields
          pair={newPassword}
          ids={{ password: 'settings-new-password', confirmation: 'settings-confirm-password' }}
        />
        <SubmitButton inline busy={busy} busyLabel={<Trans>Salvando…</Trans>}>
          <Trans>Alterar senha</Trans>
        </SubmitButton>
      </form>
    </section>
  );
}

function SecuritySection() {
  const { t } = useLingui();
  const [busy, setBusy] = useState<'others' | 'all' | null>(null);
  // Offline, "sign out everywhere" could only sign out this phone and leave the others signed in.
  const online = useOnline();

  async function endOtherSessions() {
    setBusy('others');
    try {
      const outcome = await signOutOtherDevices();
      if (outcome === 'failed') {
        toast({
          title: t`Não foi possível encerrar as outras sessões`,
          description: t`Verifique sua conexão e tente de novo.`,
          variant: 'destructive',
        });
      } else {
        toast({ title: t`Outras sessões encerradas`, description: t`Este aparelho continua conectado.` });
      }
    } catch {
      toast({ title: t`Usuário não autenticado`, variant: 'destructive' });
    } finally {
      setBusy(null);
    }
  }

  async function signOutEverywhere() {
    setBusy('all');
    try {
      await signOutWithFeedback('global');
    } finally {
      setBusy(null);
    }
  }

  return (
    <section className={s.section} aria-labelledby="settings-security">
      <h2 id="settings-security" className={s.sectionTitle}>
        <Trans>Segurança</Trans>
      </h2>
      <p className={f.hint}>
        <Trans>
          Esqueceu a conta aberta no celular de alguém ou num computador da escola? Encerre as sessões dos outros
          aparelhos.
        </Trans>
      </p>
      <div className={s.actions}>
        <button type="button" className={button.secondary} onClick={() => void endOtherSessions()} disabled={!online || busy !== null}>
          {busy === 'others' ? <Trans>Encerrando…</Trans> : <Trans>Sair dos outros aparelhos</Trans>}
        </button>
        <button type="button" className={button.danger} onClick={() => void signOutEverywhere()} disabled={!online || busy !== null}>
          {busy === 'all' ? <Trans>Saindo…</Trans> : <Trans>Sair de todos os aparelhos</Trans>}
        </button>
      </div>
      <OfflineNote>
        <Trans>Você está sem internet. Conecte-se para encerrar as sessões dos outros aparelhos.</Trans>
      </OfflineNote>
    </section>
  );
}
