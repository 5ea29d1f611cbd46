import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'wouter';
import * as f from '../../components/form.css.ts';
import { button } from '../../components/ui.css.ts';
import { LanguageSwitch } from '../../components/LanguageSwitch.tsx';
import { ThemeSwitch } from '../../components/ThemeSwitch.tsx';
import { useOnline } from '../../components/frame/useOnline.ts';
import {
  OnlineError,
  updateMyProfile,
  updateMySettings,
  type ConnectionsVisibility,
  type FriendRequestsFrom,
  type MySettings,
  type Visibility,
} from '../../data/online/profile.ts';
import { removeProfileImage, uploadProfileImage, type ImageProblem, type ProfileImageKind } from '../../data/online/profile-images.ts';
import { useSessionStore } from '../../state/session.ts';
import { toast } from '../../state/toast.ts';
import { ThemePicker } from '../notebooks/look/AppearanceControls.tsx';
import { useOwnedLooks } from '../notebooks/look/useOwnedLooks.ts';
import { useThemeCatalogue } from '../notebooks/look/usePaperCatalogue.ts';
import { ImagePicker } from '../online/ImagePicker.tsx';
import GuestbookSetting from '../online/social/GuestbookSetting.tsx';
import MyReports from '../online/reports/MyReports.tsx';
import { OfflineNote } from '../online/OnlineData.tsx';
import { Avatar, Cover } from '../online/ProfileImage.tsx';
import { useMySettings, useRefreshMyProfile, useSaveMyProfile } from '../online/hooks/profile.ts';
import { useGuardianState } from '../online/hooks/safety.ts';
import { awaitsGuardian } from '../../data/online/safety.ts';
import * as s from './SettingsScreen.css.ts';

/** Lengths the database holds too (profiles_*_length, supabase/migrations/20261124110200_profiles.sql). */
export const DISPLAY_NAME_MAX = 50;
export const BIO_MAX = 300;
export const STATUS_MAX = 80;
export const AUTHOR_MAX = 50;

/** The profile tab: public profile, social, notebooks, language and theme (spec §2 Settings). */
export function ProfileTab({ userId }: { userId: string }) {
  const query = useMySettings(userId);
  const settings = query.data;
  return (
    <>
      {settings ? (
        <>
          <PublicProfileSection userId={userId} settings={settings} />
          {/* A change of these on the server (another phone; the guardian's confirmation opens the
              connections to friends) starts the form again from them, instead of keeping the old
              choices in view and saving them back. */}
          <SocialSection
            key={`${settings.visibility}/${settings.connections_visibility}/${settings.friend_requests_from}`}
            userId={userId}
            settings={settings}
          />
          <GuestbookSetting userId={userId} />
          <NotebookDefaultsSection userId={userId} settings={settings} />
        </>
      ) : (
        <section className={s.section} aria-busy={!query.isError}>
          {query.isError || query.fetchStatus === 'paused' ? (
            <p role="alert">
              <Trans>Não foi possível carregar suas configurações. Verifique sua conexão e tente de novo.</Trans>
            </p>
          ) : (
            <p role="status">
              <Trans>Carregando configurações…</Trans>
            </p>
          )}
        </section>
      )}
      {/* Read from this device (issue 33): also offline, when the settings above cannot load. */}
      <MyReports />
      <PreferencesSection />
    </>
  );
}

/** The words for a refused save: forbidden words listed, the network, anything else. */
function useSaveProblem() {
  const { t } = useLingui();
  return (error: unknown): string => {
    if (error instanceof OnlineError) {
      if (error.problem === 'network') return t`Erro de rede. Verifique sua conexão e tente de novo.`;
      // a minor's account (safety, issue 22): private until the guardian confirms
      if (error.reason === 'guardian_pending') {
        return t`Enquanto seu responsável não confirmar, seu perfil e suas conexões ficam privados.`;
      }
      if (error.problem.code === 'forbidden_words') {
        const words = (error.problem.words ?? []).join(', ');
        return t`Remova as palavras proibidas: ${words}`;
      }
    }
    return t`Não foi possível salvar. Tente de novo.`;
  };
}

/** One save of a section: the mutation, its problem in words, the toast, fresh data after. */
function useSave<T>(userId: string, save: (value: T) => Promise<void>) {
  const { t } = useLingui();
  const problemText = useSaveProblem();
  const mutation = useSaveMyProfile(userId, save, () => toast({ title: t`Alterações salvas` }));
  return { ...mutation, problem: mutation.error ? problemText(mutation.error) : null };
}

function Section({ id, title, children }: { id: string; title: ReactNode; children: ReactNode }) {
  return (
    <section className={s.section} aria-labelledby={id}>
      <h2 id={id} className={s.sectionTitle}>
        {title}
      </h2>
      {children}
    </section>
  );
}

function SaveRow({ busy, problem }: { busy: boolean; problem: string | null }) {
  const online = useOnline();
  return (
    <>
      {problem && (
        <p className={f.error} role="alert">
          {problem}
        </p>
      )}
      <OfflineNote />
      <div className={s.actions}>
        <button type="submit" className={button.primary} disabled={busy || !online}>
          {busy ? <Trans>Salvando…</Trans> : <Trans>Salvar</Trans>}
        </button>
      </div>
    </>
  );
}

function TextField({
  label,
  value,
  onChange,
  max,
  multiline,
  name,
}: {
  label: ReactNode;
  value: string;
  onChange: (value: string) => void;
  max: number;
  multiline?: boolean;
  name: string;
}) {
  const id = useId();
  const counterId = useId();
  const left = max - value.length;
  const common = {
    id,
    name,
    className: f.input,
    value,
    maxLength: max,
    'aria-describedby': counterId,
  };
  return (
    <div className={f.field}>
      <label htmlFor={id} className={f.label}>
        {label}
      </label>
      {multiline ? (
        <textarea {...common} rows={4} onChange={(e) => onChange(e.target.value)} />
      ) : (
        <input {...common} type="text" onChange={(e) => onChange(e.target.value)} />
      )}
      <p id={counterId} className={f.hint}>
        <Plural value={left} one="# caractere restante" other="# caracteres restantes" />
      </p>
    </div>
  );
}

function PublicProfileSection({ userId, settings }: { userId: string; settings: MySettings }) {
  const { t } = useLingui();
  const username = useSessionStore((st) => st.username) ?? settings.username;
  const email = useSessionStore((st) => st.email);
  const [displayName, setDisplayName] = useState(settings.display_name ?? '');
  const [bio, setBio] = useState(settings.bio ?? '');
  const [status, setStatus] = useState(settings.status_message ?? '');
  const save = useSave(userId, () =>
    updateMyProfile(userId, {
      display_name: displayName.trim() || null,
      bio: bio.trim() || null,
      status_message: status.trim() || null,
    }),
  );
  const images = useImageSave(userId, settings);

  return (
    <Section id="settings-public-profile" title={<Trans>Perfil público</Trans>}>
      <dl className={s.facts}>
        <dt>
          <Trans>Nome de usuário</Trans>
        </dt>
        <dd>@{username}</dd>
        <dt>
          <Trans>E-mail</Trans>
        </dt>
        <dd>{email ?? '—'}</dd>
      </dl>
      <p className={f.hint}>
        <Trans>Seu e-mail não aparece para outras pessoas.</Trans>
      </p>
      <div className={s.imageRow}>
        <Avatar value={settings.avatar_url} name={displayName || username} className={s.avatarPreview} />
        <ImagePicker kind="avatar" label={t`Foto do perfil`} onImage={(blob) => images('avatar', blob)} />
      </div>
      <Cover value={settings.cover_url} className={s.coverPreview} />
      <ImagePicker kind="cover" label={t`Capa do perfil`} onImage={(blob) => images('cover', blob)} />
      <form
        className={f.form}
        noValidate
        onSubmit={(event: FormEvent) => {
          event.preventDefault();
          save.mutate(undefined as never);
        }}
      >
        <TextField name="display_name" label={<Trans>Nome de exibição</Trans>} value={displayName} onChange={setDisplayName} max={DISPLAY_NAME_MAX} />
        <TextField name="status_message" label={<Trans>Frase de status</Trans>} value={status} onChange={setStatus} max={STATUS_MAX} />
        <TextField name="bio" label={<Trans>Sobre você</Trans>} value={bio} onChange={setBio} max={BIO_MAX} multiline />
        <SaveRow busy={save.isPending} problem={save.problem} />
      </form>
      <div className={s.actions}>
        <Link href="/profile" className={button.secondary}>
          <Trans>Ver meu perfil</Trans>
        </Link>
        <Link href="/manage-profile" className={button.secondary}>
          <Trans>Gerenciar perfil público</Trans>
        </Link>
      </div>
    </Section>
  );
}

/** Upload, point the profile at the new file, remove the old one; the problem as a code. */
function useImageSave(userId: string, settings: MySettings) {
  const { t } = useLingui();
  const refresh = useRefreshMyProfile(userId);
  return async (kind: ProfileImageKind, blob: Blob): Promise<ImageProblem | null> => {
    const uploaded = await uploadProfileImage(userId, kind, blob);
    if (!uploaded.ok) return uploaded.problem;
    const column = kind === 'avatar' ? 'avatar_url' : 'cover_url';
    try {
      await updateMyProfile(userId, { [column]: uploaded.key });
    } catch (error) {
      await removeProfileImage(kind, uploaded.key);
      return error instanceof OnlineError && error.problem === 'network' ? 'network' : 'upload_failed';
    }
    await removeProfileImage(kind, settings[column]);
    await refresh();
    toast({ title: kind === 'avatar' ? t`Foto do perfil atualizada` : t`Capa do perfil atualizada` });
    return null;
  };
}

function Choices<T extends string>({
  name,
  legend,
  options,
  value,
  onChange,
  hint,
  offLimits = [],
  offLimitsWhy,
}: {
  name: string;
  legend: ReactNode;
  options: { value: T; label: string }[];
  value: T;
  onChange: (value: T) => void;
  hint?: ReactNode;
  /** Choices the person may not make now, turned off and described by `offLimitsWhy` (an element's id). */
  offLimits?: T[];
  offLimitsWhy?: string;
}) {
  return (
    <fieldset className={f.fieldset}>
      <legend className={f.legend}>{legend}</legend>
      {options.map((option) => {
        const off = offLimits.includes(option.value);
        return (
          <label key={option.value} className={f.checkRow}>
            <input
              type="radio"
              name={name}
              value={option.value}
              checked={value === option.value}
              disabled={off}
              aria-describedby={off ? offLimitsWhy : undefined}
              onChange={() => onChange(option.value)}
            />
            {option.label}
          </label>
        );
      })}
      {hint && <p className={f.hint}>{hint}</p>}
    </fieldset>
  );
}

function SocialSection({ userId, settings }: { userId: string; settings: MySettings }) {
  const { t } = useLingui();
  const [visibility, setVisibility] = useState<Visibility>(settings.visibility);
  const [connections, setConnections] = useState<ConnectionsVisibility>(settings.connections_visibility);
  const [requests, setRequests] = useState<FriendRequestsFrom>(settings.friend_requests_from);
  const save = useSave(userId, async () => {
    await updateMyProfile(userId, { visibility, connections_visibility: connections });
    await updateMySettings(userId, { friend_requests_from: requests });
  });
  // Until a minor's guardian confirms, the database keeps the safest settings: the looser choices
  // are off, and why is said before any choice, not after "Salvar" (walkthrough J7).
  const pending = awaitsGuardian(useGuardianState(userId).data);
  const whyId = useId();
  return (
    <Section id="settings-social" title={<Trans>Social</Trans>}>
      {pending && (
        <p id={whyId} className={f.hint}>
          {t`Enquanto seu responsável não confirmar, seu perfil e suas conexões ficam privados.`}
        </p>
      )}
      <form
        className={f.form}
        onSubmit={(event) => {
          event.preventDefault();
          save.mutate(undefined as never);
        }}
      >
        <Choices
          name="visibility"
          legend={<Trans>Quem vê meu perfil</Trans>}
          value={visibility}
          onChange={setVisibility}
          options={[
            { value: 'public', label: t`Público: qualquer pessoa, mesmo sem conta` },
            { value: 'private', label: t`Privado: só meu nome e minha foto, para quem tem conta` },
          ]}
          offLimits={pending ? ['public'] : []}
          offLimitsWhy={whyId}
          hint={<Trans>Quem participa dos seus cadernos continua vendo seu perfil.</Trans>}
        />
        <Choices
          name="connections_visibility"
          legend={<Trans>Quem vê minhas conexões</Trans>}
          value={connections}
          onChange={setConnections}
          options={[
            { value: 'public', label: t`Quem vê meu perfil` },
            { value: 'friends', label: t`Só meus amigos` },
            { value: 'private', label: t`Só eu` },
          ]}
          offLimits={pending ? ['public', 'friends'] : []}
          offLimitsWhy={whyId}
        />
        <Choices
          name="friend_requests_from"
          legend={<Trans>Quem pode me enviar pedidos de amizade</Trans>}
          value={requests}
          onChange={setRequests}
          options={[
            { value: 'everyone', label: t`Qualquer pessoa com conta` },
            { value: 'companions', label: t`Só quem participa dos meus cadernos` },
            { value: 'nobody', label: t`Ninguém` },
          ]}
          offLimits={pending ? ['everyone'] : []}
          offLimitsWhy={whyId}
        />
        <SaveRow busy={save.isPending} problem={save.problem} />
      </form>
    </Section>
  );
}

/** What a new notebook starts with; its theme picker offers what the notebook editor's does. */
export function NotebookDefaultsSection({ userId, settings }: { userId: string; settings: MySettings }) {
  const [theme, setTheme] = useState(settings.notebook_theme);
  const themes = useThemeCatalogue();
  const owned = useOwnedLooks();
  const [preModeration, setPreModeration] = useState(settings.notebook_pre_moderation);
  const [author, setAuthor] = useState(settings.notebook_author ?? '');
  const save = useSave(userId, () =>
    updateMySettings(userId, { notebook_theme: theme, notebook_pre_moderation: preModeration, notebook_author: author.trim() || null }),
  );
  return (
    <Section id="settings-notebooks" title={<Trans>Cadernos</Trans>}>
      <p className={f.hint}>
        <Trans>Como um caderno novo começa. Você pode mudar cada caderno depois.</Trans>
      </p>
      <form
        className={f.form}
        onSubmit={(event) => {
          event.preventDefault();
          save.mutate(undefined as never);
        }}
      >
        <ThemePicker name="default-notebook-theme" value={theme} onChange={setTheme} owned={owned?.themes ?? []} catalogue={themes} />
        <label className={f.checkRow}>
          <input type="checkbox" className={f.checkbox} checked={preModeration} onChange={(e) => setPreModeration(e.target.checked)} />
          <Trans>Aprovar as respostas antes de aparecerem (pré-moderação)</Trans>
        </label>
        <TextField name="notebook_author" label={<Trans>Assinatura do autor (padrão: Usuário)</Trans>} value={author} onChange={setAuthor} max={AUTHOR_MAX} />
        <SaveRow busy={save.isPending} problem={save.problem} />
      </form>
    </Section>
  );
}

/** Language and theme: the same switches as the frame's menu (one home: src/components). */
function PreferencesSection() {
  return (
    <Section id="settings-preferences" title={<Trans>Idioma e tema</Trans>}>
      <form className={f.form} onSubmit={(e) => e.preventDefault()}>
        <LanguageSwitch />
        <ThemeSwitch />
      </form>
    </Section>
  );
}
