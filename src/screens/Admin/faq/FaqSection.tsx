import { useId, useState, type FormEvent } from 'react';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useOnline } from '../../../components/frame/useOnline.ts';
import * as f from '../../../components/form.css.ts';
import { button } from '../../../components/ui.css.ts';
import { faqImageUrl, groupFaq, type FaqItem } from '../../../i18n/faq-content.ts';
import { toast } from '../../../state/toast.ts';
import { SAVE_ERROR_TITLE } from '../admin-messages.ts';
import { AdminDialog } from '../AdminDialog.tsx';
import * as css from '../admin.css.ts';
import { EditActions } from '../EditActions.tsx';
import { NotLoaded } from '../NotLoaded.tsx';
import { useLoadErrorToast } from '../useLoadErrorToast.ts';
import { checkFaqImage, FaqError, removeFaqImage, uploadFaqImage, type FaqDraft, type FaqProblem } from '../../../data/online/content-admin.ts';
import { useFaqDelete, useFaqList, useFaqSave } from '../../online/hooks/content.ts';

const PROBLEMS: Record<FaqProblem, MessageDescriptor> = {
  offline: msg`Você está sem internet. Conecte-se para salvar.`,
  not_allowed: msg`Apenas administradores podem fazer isso.`,
  validation: msg`Preencha o grupo, a pergunta (3 a 300 caracteres) e a resposta nos dois idiomas; posições de 0 a 999.`,
  invalid_file: msg`Escolha uma imagem PNG, JPG ou WebP.`,
  too_large: msg`A imagem pode ter até 5 MB.`,
  upload_timeout: msg`O envio da imagem demorou demais. Tente de novo.`,
  upload_failed: msg`Não foi possível enviar a imagem. Tente de novo.`,
  server: msg`Não foi possível salvar. Tente de novo em alguns segundos.`,
};

const EMPTY: FaqDraft = {
  group_position: 0,
  group_pt_br: '',
  group_en_us: '',
  position: 0,
  question_pt_br: '',
  question_en_us: '',
  answer_pt_br: '',
  answer_en_us: '',
  image_path: null,
};

/** One question as /faq shows it, in one language: the admin's preview. */
function Preview({ lang, group, question, answer, image }: { lang: string; group: string; question: string; answer: string; image: string | null }) {
  return (
    <div className={css.item} lang={lang}>
      <span className={css.badge}>{lang}</span>
      <p className={css.detail}>{group || '—'}</p>
      <p className={css.name}>{question || '—'}</p>
      <p className={css.reason}>{answer || '—'}</p>
      {image ? <img src={faqImageUrl(image)} alt="" style={{ maxWidth: '100%', height: 'auto' }} /> : null}
    </div>
  );
}

/**
 * /admin › Perguntas frequentes (issue 36; spec §2, §5, §9): the public FAQ's questions and
 * answers in both languages, grouped (a group's title in both languages and its place) and ordered
 * (each question's place in its group), with an optional image (5 MB, PNG / JPG / WebP); a
 * preview in both languages. /faq reads them (and keeps its static FAQ while there are none).
 */
export default function FaqSection() {
  const { t, i18n } = useLingui();
  const ids = { heading: useId(), image: useId(), form: useId() };
  const fieldIds = {
    group_pt_br: useId(),
    group_en_us: useId(),
    group_position: useId(),
    position: useId(),
    question_pt_br: useId(),
    question_en_us: useId(),
    answer_pt_br: useId(),
    answer_en_us: useId(),
  };
  const online = useOnline();
  const [editing, setEditing] = useState<string | null>(null);
  const [draft, setDraft] = useState<FaqDraft>(EMPTY);
  const [removing, setRemoving] = useState<FaqItem | null>(null);
  const [uploading, setUploading] = useState(false);
  const list = useFaqList();
  useLoadErrorToast(list.isError && !list.data);

  const failed = (error: unknown) => {
    const problem = error instanceof FaqError ? error.problem : 'server';
    toast({ title: i18n._(SAVE_ERROR_TITLE), description: i18n._(PROBLEMS[problem]), variant: 'destructive' });
  };
  const save = useFaqSave();
  const remove = useFaqDelete();
  const removeItem = (item: FaqItem) =>
    remove.mutate(item, {
      onSuccess: () => toast({ title: t`Pergunta excluída` }),
      onError: failed,
      onSettled: () => setRemoving(null),
    });

  const text = (name: keyof typeof fieldIds) => (event: { currentTarget: { value: string } }) => {
    const value = event.currentTarget.value;
    setDraft((d) => ({ ...d, [name]: name === 'group_position' || name === 'position' ? Number(value) : value }));
  };
  const pickImage = async (file: File | undefined) => {
    if (!file) return;
    const problem = checkFaqImage(file);
    if (problem) return failed(new FaqError(problem));
    setUploading(true);
    try {
      const key = await uploadFaqImage(file);
      setDraft((d) => ({ ...d, image_path: key }));
    } catch (error) {
      failed(error);
    } finally {
      setUploading(false);
    }
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const replaced = editing ? list.data?.find((x) => x.id === editing)?.image_path : null;
    save.mutate(
      { id: editing, draft },
      {
        onSuccess: () => {
          // the image the item showed before, replaced or taken away, is removed from Storage
          if (replaced && replaced !== draft.image_path) void removeFaqImage(replaced);
          toast({ title: editing ? t`Pergunta salva` : t`Pergunta adicionada` });
          setEditing(null);
          setDraft(EMPTY);
        },
        onError: failed,
      },
    );
  };
  const input = (name: keyof typeof fieldIds, label: MessageDescriptor, kind: 'line' | 'long' | 'number') => (
    <div className={css.grow}>
      <label htmlFor={fieldIds[name]} className={f.label}>
        {i18n._(label)}
      </label>
      {kind === 'long' ? (
        <textarea id={fieldIds[name]} className={f.input} rows={4} maxLength={4000} value={String(draft[name])} onChange={text(name)} />
      ) : (
        <input
          id={fieldIds[name]}
          className={f.input}
          type={kind === 'number' ? 'number' : 'text'}
          min={kind === 'number' ? 0 : undefined}
          max={kind === 'number' ? 999 : undefined}
          maxLength={kind === 'number' ? undefined : 300}
          inputMode={kind === 'number' ? 'numeric' : undefined}
          value={String(draft[name])}
          onChange={text(name)}
        />
      )}
    </div>
  );
  const groups = list.data ? groupFaq(list.data, i18n.locale) : [];

  return (
    <div className={css.panel} aria-labelledby={ids.heading} role="region">
      <h2 id={ids.heading} className={css.sectionTitle}>
        <Trans>Perguntas frequentes</Trans>
      </h2>
      <p className={css.muted}>
        <Trans>O que você escreve aqui aparece em /faq nos dois idiomas. Enquanto não houver perguntas, a página mostra o texto padrão.</Trans>
      </p>

      <form id={ids.form} className={css.panel} onSubmit={submit} aria-label={editing ? t`Editar pergunta` : t`Nova pergunta`}>
        <div className={css.row}>
          {input('group_pt_br', msg`Grupo em português`, 'line')}
          {input('group_en_us', msg`Grupo em inglês`, 'line')}
        </div>
        <div className={css.row}>
          {input('group_position', msg`Posição do grupo`, 'number')}
          {input('position', msg`Posição no grupo`, 'number')}
        </div>
        {input('question_pt_br', msg`Pergunta em português`, 'line')}
        {input('question_en_us', msg`Pergunta em inglês`, 'line')}
        {input('answer_pt_br', msg`Resposta em português`, 'long')}
        {input('answer_en_us', msg`Resposta em inglês`, 'long')}
        <div className={css.grow}>
          <label htmlFor={ids.image} className={f.label}>
            <Trans>Imagem (opcional): PNG, JPG ou WebP, até 5 MB</Trans>
          </label>
          <input
            id={ids.image}
            type="file"
            className={f.input}
            accept="image/png,image/jpeg,image/webp"
            disabled={!online || uploading}
            onChange={(event) => void pickImage(event.currentTarget.files?.[0])}
          />
          {uploading ? (
            <p className={css.muted} role="status">
              <Trans>Enviando a imagem…</Trans>
            </p>
          ) : null}
          {draft.image_path ? (
            <button
              type="button"
              className={button.secondary}
              onClick={() => {
                const key = draft.image_path;
                setDraft((d) => ({ ...d, image_path: null }));
                // an image only this draft held (not yet saved on an item) is removed at once
                if (key && !list.data?.some((x) => x.image_path === key)) void removeFaqImage(key);
              }}
            >
              <Trans>Tirar a imagem</Trans>
            </button>
          ) : null}
        </div>
        <section aria-label={t`Prévia`} className={css.panel} data-testid="faq-preview">
          <p className={css.detail}>
            <Trans>Prévia</Trans>
          </p>
          <Preview lang="pt-BR" group={draft.group_pt_br} question={draft.question_pt_br} answer={draft.answer_pt_br} image={draft.image_path} />
          <Preview lang="en-US" group={draft.group_en_us} question={draft.question_en_us} answer={draft.answer_en_us} image={draft.image_path} />
        </section>
        <EditActions
          editing={editing !== null}
          disabled={!online || save.isPending || uploading}
          onCancel={() => {
            setEditing(null);
            setDraft(EMPTY);
          }}
        />
      </form>

      {!list.data ? (
        <NotLoaded failed={list.isError} onRetry={() => void list.refetch()} />
      ) : (
        <>
          <p className={css.muted} role="status">
            <Plural value={list.data.length} one="# pergunta" other="# perguntas" />
          </p>
          {groups.map((group) => (
            <section key={group.key} className={css.panel} aria-label={group.title}>
              <h3 className={css.name}>{group.title}</h3>
              <ul className={css.list} data-testid="admin-faq">
                {group.items.map((shown) => {
                  const item = list.data.find((x) => x.id === shown.id)!;
                  return (
                    <li key={item.id} className={css.item}>
                      <span className={css.name}>
                        {item.position}. {shown.question}
                      </span>
                      <p className={css.detail} lang="pt-BR">
                        pt-BR: {item.question_pt_br}
                      </p>
                      <p className={css.detail} lang="en-US">
                        en-US: {item.question_en_us}
                      </p>
                      <div className={css.actions}>
                        <button
                          type="button"
                          className={button.secondary}
                          aria-label={t`Editar ${shown.question}`}
                          disabled={!online}
                          onClick={() => {
                            const { id, ...rest } = item;
                            setEditing(id);
                            setDraft(rest);
                            document.getElementById(fieldIds.group_pt_br)?.focus();
                          }}
                        >
                          <Trans>Editar</Trans>
                        </button>
                        <button
                          type="button"
                          className={button.danger}
                          aria-label={t`Excluir ${shown.question}`}
                          disabled={!online || remove.isPending}
                          onClick={() => setRemoving(item)}
                        >
                          <Trans>Excluir</Trans>
                        </button>
                      </div>
                    </li>
                  );
                })}
              </ul>
            </section>
          ))}
        </>
      )}
      {removing ? (
        <AdminDialog
          title={<Trans>Excluir esta pergunta?</Trans>}
          confirmLabel={<Trans>Excluir</Trans>}
          danger
          busy={remove.isPending}
          onConfirm={() => removeItem(removing)}
          onCancel={() => setRemoving(null)}
        >
          {removing.question_pt_br}
        </AdminDialog>
      ) : null}
    </div>
  );
}
