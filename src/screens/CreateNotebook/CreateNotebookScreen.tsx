import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useLocation } from 'wouter';
import { FormField } from '../../components/FormField.tsx';
import { UserText } from '../../components/UserText.tsx';
import { userBlock } from '../../components/user-text.css.ts';
import * as f from '../../components/form.css.ts';
import { button, page } from '../../components/ui.css.ts';
import type { DataLayer } from '../../data/data-layer.ts';
import { SPEC_NOTEBOOK_DEFAULTS } from '../../data/queries/notebook-defaults.ts';
import type { CoverSticker } from '../../data/schemas/notebooks.ts';
import { toast } from '../../state/toast.ts';
import { useUnsavedChanges } from '../../state/unsaved.ts';
import { problemText } from '../notebooks/common/messages.ts';
import { NotebookCover, NotebookPaper } from '../notebooks/look/index.ts';
import { StickerEditor, ThemePicker } from '../notebooks/look/AppearanceControls.tsx';
import { placeSticker, tidyCover } from '../notebooks/look/stickers.ts';
import { useThemeCatalogue } from '../notebooks/look/usePaperCatalogue.ts';
import { useOwnedLooks } from '../notebooks/look/useOwnedLooks.ts';
import { startTheme } from '../notebooks/look/start-theme.ts';
import * as css from '../notebooks/common/editor.css.ts';
import { SignedInData } from '../notebooks/common/SignedInData.tsx';
import { useObservable } from '../../state/data-layer.ts';
import { EMPTY_DRAFT, draftProblems, isDirty, type NotebookDraft } from '../notebooks/common/draft.ts';

/** /create (spec §2): a form with a live preview of the notebook; works with no connection. */
export default function CreateNotebookScreen() {
  const { t } = useLingui();
  const failed = (
    <div className={page} role="alert">
      <h1 className={css.title}>{t`Erro ao criar caderno`}</h1>
      <p>{t`Não foi possível criar o caderno`}</p>
    </div>
  );
  const loading = (
    <div className={page} aria-busy="true">
      <h1 className={css.title}>
        <Trans>Criar caderno</Trans>
      </h1>
    </div>
  );
  return (
    <SignedInData loginNext="/create" failed={failed} loading={loading}>
      {(layer) => <CreateForm layer={layer} />}
    </SignedInData>
  );
}

export function CreateForm({ layer }: { layer: DataLayer }) {
  const { t, i18n } = useLingui();
  const [, navigate] = useLocation();
  const [draft, setDraft] = useState<NotebookDraft>(EMPTY_DRAFT);
  // the person's defaults (Settings → notebooks), from the device: they also work offline
  const defaults = useObservable(useMemo(() => layer.api.queries.notebookDefaults(), [layer])) ?? SPEC_NOTEBOOK_DEFAULTS;
  // the themes admins added, and the store's the person owns (a default no longer owned starts purple)
  const themes = useThemeCatalogue();
  const owned = useOwnedLooks();
  const theme = startTheme(defaults.theme, themes, owned?.themes);
  const start = useMemo<NotebookDraft>(() => ({ ...EMPTY_DRAFT, theme }), [theme]);
  // a draft nobody touched follows its start (the defaults and what the person owns arrive later)
  const shownStart = useRef(EMPTY_DRAFT);
  useEffect(() => {
    const before = shownStart.current;
    shownStart.current = start;
    setDraft((d) => (isDirty(d, before) ? d : start));
  }, [start]);
  const [errors, setErrors] = useState<{ title?: string; form?: string }>({});
  const [saving, setSaving] = useState(false);
  const titleRef = useRef<HTMLInputElement>(null);
  useUnsavedChanges('create-notebook', isDirty(draft, start) && !saving);

  const change = (patch: Partial<NotebookDraft>) => setDraft((d) => ({ ...d, ...patch }));
  const setStickers = (stickers: CoverSticker[]) => change({ stickers });

  async function submit(event: FormEvent) {
    event.preventDefault();
    const problems = draftProblems(draft);
    if (problems.title) {
      setErrors({ title: problemText(i18n, problems.title, 'notebook') });
      titleRef.current?.focus();
      return;
    }
    setSaving(true);
    const result = await layer.api.notebooks.create({
      title: draft.title,
      description: draft.description,
      author: draft.author.trim() || defaults.author,
      pre_moderation_enabled: defaults.preModeration,
      theme: draft.theme,
      cover: tidyCover({ subtitle: draft.subtitle, stickers: draft.stickers }),
    });
    if (!result.ok) {
      setSaving(false);
      const message = problemText(i18n, result.problem, 'notebook');
      if (result.problem.field === 'title' || result.problem.code === 'title_too_short') setErrors({ title: message });
      else setErrors({ form: message });
      toast({ title: t`Erro ao criar caderno`, description: message, variant: 'destructive' });
      return;
    }
    toast({ title: t`Caderno criado!`, description: t`Agora escreva as perguntas.` });
    navigate(`/notebook/${result.value.id}/edit#questions`);
  }

  const defaultAuthor = defaults.author;
  const author = <UserText>{draft.author.trim() || defaultAuthor}</UserText>;
  const previewTitle = draft.title.trim() || t`Meu caderno`;
  return (
    <div className={page}>
      <h1 className={css.title}>
        <Trans>Criar caderno</Trans>
      </h1>
      <div className={css.split}>
        <aside className={css.previewColumn} aria-labelledby="preview-title" data-testid="create-preview">
          <h2 id="preview-title" className={css.previewTitle}>
            <Trans>Prévia</Trans>
          </h2>
          <NotebookCover
            title={previewTitle}
            author={<Trans>por {author}</Trans>}
            theme={draft.theme}
            cover={tidyCover({ subtitle: draft.subtitle, stickers: draft.stickers })}
            titleAs="p"
            onStickerMove={(index, place) => setStickers(placeSticker(draft.stickers, index, place))}
          />
          {draft.description.trim() ? (
            <NotebookPaper paper="lined-blue" theme={draft.theme} handwriting>
              <p style={{ margin: 0 }} className={userBlock} dir="auto">
                {draft.description}
              </p>
            </NotebookPaper>
          ) : null}
        </aside>
        <form className={css.sections} onSubmit={(e) => void submit(e)} noValidate aria-describedby={errors.form ? 'create-error' : undefined}>
          <section className={css.section} aria-labelledby="details-title">
            <h2 id="details-title" className={css.sectionTitle}>
              <Trans>Detalhes</Trans>
            </h2>
            <FormField
              id="notebook-title"
              ref={titleRef}
              label={<Trans>Título</Trans>}
              hint={<Trans>Pelo menos 3 caracteres.</Trans>}
              value={draft.title}
              dir="auto"
              required
              autoComplete="off"
              onChange={(e) => {
                change({ title: e.target.value });
                if (errors.title) setErrors({});
              }}
              error={errors.title}
            />
            <div className={f.field}>
              <label htmlFor="notebook-description" className={f.label}>
                <Trans>Descrição (opcional)</Trans>
              </label>
              <textarea
                id="notebook-description"
                className={css.textarea}
                dir="auto"
                value={draft.description}
                onChange={(e) => change({ description: e.target.value })}
              />
            </div>
            <FormField
              id="notebook-author"
              label={<Trans>Nome do autor</Trans>}
              hint={<Trans>Aparece na capa. Se ficar vazio, será “{defaultAuthor}”.</Trans>}
              value={draft.author}
              dir="auto"
              placeholder={defaultAuthor}
              onChange={(e) => change({ author: e.target.value })}
            />
          </section>
          <section className={css.section} aria-labelledby="look-title">
            <h2 id="look-title" className={css.sectionTitle}>
              <Trans>Cor e capa</Trans>
            </h2>
            <ThemePicker value={draft.theme} onChange={(theme) => change({ theme })} catalogue={themes} owned={owned?.themes} />
            <FormField
              id="cover-subtitle"
              label={<Trans>Subtítulo da capa (opcional)</Trans>}
              value={draft.subtitle}
              dir="auto"
              onChange={(e) => change({ subtitle: e.target.value })}
            />
            <StickerEditor stickers={draft.stickers} onChange={setStickers} />
          </section>
          {errors.form ? (
            <p id="create-error" className={f.alert} role="alert">
              {errors.form}
            </p>
          ) : null}
          <div className={css.actions}>
            <button type="submit" className={button.primary} disabled={saving}>
              <Trans>Criar caderno</Trans>
            </button>
            <p className={css.muted}>
              <Trans>Funciona sem internet: o caderno é enviado quando a conexão voltar.</Trans>
            </p>
          </div>
        </form>
      </div>
    </div>
  );
}
