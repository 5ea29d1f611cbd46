import { useId, useState, type FormEvent } from 'react';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useOnline } from '../../../components/frame/useOnline.ts';
import * as f from '../../../components/form.css.ts';
import { button } from '../../../components/ui.css.ts';
import type { DynamicTranslation } from '../../../i18n/dynamic-translations.ts';
import { toast } from '../../../state/toast.ts';
import { SAVE_ERROR_TITLE } from '../admin-messages.ts';
import { AdminDialog } from '../AdminDialog.tsx';
import * as css from '../admin.css.ts';
import { EditActions } from '../EditActions.tsx';
import { NotLoaded } from '../NotLoaded.tsx';
import { useLoadErrorToast } from '../useLoadErrorToast.ts';
import { KEY_PATTERN, TEXT_MAX, TranslationError, type TranslationDraft, type TranslationProblem } from '../../../data/online/content-admin.ts';
import { useTranslationDelete, useTranslationSave, useTranslationsList } from '../../online/hooks/content.ts';

const PROBLEMS: Record<TranslationProblem, MessageDescriptor> = {
  offline: msg`Você está sem internet. Conecte-se para salvar.`,
  not_allowed: msg`Apenas administradores podem fazer isso.`,
  key_invalid: msg`A chave usa só letras sem acento, números e . _ : - (até 200).`,
  key_taken: msg`Já existe um texto com esta chave.`,
  text_too_long: msg`Cada texto pode ter até 4000 caracteres.`,
  not_found: msg`Este texto não existe mais.`,
  server: msg`Não foi possível salvar. Tente de novo em alguns segundos.`,
};

const EMPTY: TranslationDraft = { key: '', pt_br: '', en_us: '' };

/**
 * /admin › Traduções (issue 36; spec §3, §7): the dynamic texts admins change without a release
 * (announcements, the store's seasonal words): list, search, add, edit and delete, with a preview
 * in both languages. Through translations-manager (admins only, there and in the table's RLS).
 */
export default function TranslationsSection() {
  const { t, i18n } = useLingui();
  const headingId = useId();
  const searchId = useId();
  const keyId = useId();
  const ptId = useId();
  const enId = useId();
  const online = useOnline();
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState<string | null>(null);
  const [draft, setDraft] = useState<TranslationDraft>(EMPTY);
  const [removing, setRemoving] = useState<DynamicTranslation | null>(null);
  const list = useTranslationsList();
  useLoadErrorToast(list.isError && !list.data);

  const failed = (error: unknown) => {
    const problem = error instanceof TranslationError ? error.problem : 'server';
    toast({ title: i18n._(SAVE_ERROR_TITLE), description: i18n._(PROBLEMS[problem]), variant: 'destructive' });
  };
  const save = useTranslationSave();
  const remove = useTranslationDelete();
  const saveDraft = () =>
    save.mutate(
      { id: editing, draft: { key: draft.key.trim(), pt_br: draft.pt_br, en_us: draft.en_us } },
      {
        onSuccess: (saved) => {
          toast({ title: editing ? t`Texto salvo: ${saved.key}` : t`Texto adicionado: ${saved.key}` });
          setEditing(null);
          setDraft(EMPTY);
        },
        onError: failed,
      },
    );
  const removeItem = (item: DynamicTranslation) =>
    remove.mutate(item, {
      onSuccess: () => toast({ title: t`Texto excluído: ${item.key}` }),
      onError: failed,
      onSettled: () => setRemoving(null),
    });

  const keyValid = KEY_PATTERN.test(draft.key.trim());
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (keyValid) saveDraft();
  };
  const needle = search.trim().toLocaleLowerCase();
  const shown = (list.data ?? []).filter(
    (x) => !needle || [x.key, x.pt_br, x.en_us].some((text) => text.toLocaleLowerCase().includes(needle)),
  );
  const field = (name: keyof TranslationDraft) => (event: { currentTarget: { value: string } }) =>
    setDraft((d) => ({ ...d, [name]: event.currentTarget.value }));

  return (
    <div className={css.panel} aria-labelledby={headingId} role="region">
      <h2 id={headingId} className={css.sectionTitle}>
        <Trans>Traduções dinâmicas</Trans>
      </h2>
      <p className={css.muted}>
        <Trans>Textos que mudam sem uma nova versão do app, como avisos e os textos da loja. Aparecem nos aparelhos em até 5 minutos.</Trans>
      </p>

      <form className={css.panel} onSubmit={submit} aria-label={editing ? t`Editar texto` : t`Novo texto`}>
        <div className={css.grow}>
          <label htmlFor={keyId} className={f.label}>
            <Trans>Chave</Trans>
          </label>
          <input
            id={keyId}
            className={f.input}
            value={draft.key}
            maxLength={200}
            autoComplete="off"
            spellCheck={false}
            placeholder="home.announcement"
            aria-invalid={draft.key !== '' && !keyValid}
            onChange={field('key')}
          />
        </div>
        <div className={css.grow}>
          <label htmlFor={ptId} className={f.label}>
            <Trans>Texto em português (pt-BR)</Trans>
          </label>
          <textarea id={ptId} className={f.input} rows={2} maxLength={TEXT_MAX} value={draft.pt_br} onChange={field('pt_br')} />
        </div>
        <div className={css.grow}>
          <label htmlFor={enId} className={f.label}>
            <Trans>Texto em inglês (en-US)</Trans>
          </label>
          <textarea id={enId} className={f.input} rows={2} maxLength={TEXT_MAX} value={draft.en_us} onChange={field('en_us')} />
        </div>
        <section className={css.item} aria-label={t`Prévia`} data-testid="translation-preview">
          <p className={css.detail}>
            <Trans>Prévia</Trans>
          </p>
          <p className={css.reason} lang="pt-BR">
            <span className={css.badge}>pt-BR</span> {draft.pt_br || '—'}
          </p>
          <p className={css.reason} lang="en-US">
            <span className={css.badge}>en-US</span> {draft.en_us || '—'}
          </p>
        </section>
        <EditActions
          editing={editing !== null}
          disabled={!online || save.isPending || !keyValid}
          onCancel={() => {
            setEditing(null);
            setDraft(EMPTY);
          }}
        />
      </form>

      <div className={css.grow}>
        <label htmlFor={searchId} className={f.label}>
          <Trans>Buscar por chave ou texto</Trans>
        </label>
        <input id={searchId} type="search" className={f.input} value={search} onChange={(event) => setSearch(event.currentTarget.value)} />
      </div>

      {!list.data ? (
        <NotLoaded failed={list.isError} onRetry={() => void list.refetch()} />
      ) : (
        <>
          <p className={css.muted} role="status">
            <Plural value={shown.length} one="# texto" other="# textos" />
          </p>
          <ul className={css.list} data-testid="admin-translations">
            {shown.map((item) => (
              <li key={item.id} className={css.item}>
                <span className={css.name}>{item.key}</span>
                <p className={css.detail} lang="pt-BR">
                  pt-BR: {item.pt_br || '—'}
                </p>
                <p className={css.detail} lang="en-US">
                  en-US: {item.en_us || '—'}
                </p>
                <div className={css.actions}>
                  <button
                    type="button"
                    className={button.secondary}
                    aria-label={t`Editar ${item.key}`}
                    disabled={!online}
                    onClick={() => {
                      setEditing(item.id);
                      setDraft({ key: item.key, pt_br: item.pt_br, en_us: item.en_us });
                      document.getElementById(keyId)?.focus();
                    }}
                  >
                    <Trans>Editar</Trans>
                  </button>
                  <button
                    type="button"
                    className={button.danger}
                    aria-label={t`Excluir ${item.key}`}
                    disabled={!online || remove.isPending}
                    onClick={() => setRemoving(item)}
                  >
                    <Trans>Excluir</Trans>
                  </button>
                </div>
              </li>
            ))}
          </ul>
        </>
      )}
      {removing ? (
        <AdminDialog
          title={<Trans>Excluir o texto {removing.key}?</Trans>}
          confirmLabel={<Trans>Excluir</Trans>}
          danger
          busy={remove.isPending}
          onConfirm={() => removeItem(removing)}
          onCancel={() => setRemoving(null)}
        >
          <Trans>Onde ele aparece, volta o texto padrão do app.</Trans>
        </AdminDialog>
      ) : null}
    </div>
  );
}
