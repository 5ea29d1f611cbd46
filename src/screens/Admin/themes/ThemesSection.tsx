import { useId, type FormEvent } from 'react';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Icon } from '../../../components/Icon.tsx';
import { useOnline } from '../../../components/frame/useOnline.ts';
import { button } from '../../../components/ui.css.ts';
import {
  checkThemeDraft,
  mayDisableTheme,
  NotebookThemeError,
  THEME_NAME_MAX,
  type NotebookThemeProblem,
  type NotebookThemeRow,
} from '../../../data/online/notebook-themes-admin.ts';
import { contrastRatio, isHexColor, MIN_COVER_CONTRAST, THEME_COLOR_KEYS, THEME_PALETTES, type ThemeColorKey } from '../../../styles/theme-colors.ts';
import { toast } from '../../../state/toast.ts';
import { useNotebookThemes, useSaveNotebookTheme, useSetNotebookThemeActive } from '../../online/hooks/notebook-themes.ts';
import { CatalogueFields, RowActions, useCatalogueForm } from '../CatalogueForm.tsx';
import { useLoadErrorToast } from '../useLoadErrorToast.ts';
import { NotLoaded } from '../NotLoaded.tsx';
import { EditActions } from '../EditActions.tsx';
import { InactiveCount, LookFlags } from '../LookFlags.tsx';
import * as css from '../admin.css.ts';

const PROBLEMS: Record<NotebookThemeProblem, MessageDescriptor> = {
  validation: msg`Confira o código, o nome e as cores do tema.`,
  low_contrast: msg`O texto da capa precisa de contraste de pelo menos 4,5:1 com a capa.`,
  id_taken: msg`Já existe um tema com este código.`,
  default_stays_active: msg`O tema padrão (roxo) não pode ser desativado.`,
  not_allowed: msg`Apenas administradores podem fazer isso.`,
  offline: msg`Você está sem internet. Conecte-se para salvar.`,
  server: msg`Não foi possível salvar. Tente de novo em alguns segundos.`,
};

const COLOR_LABELS: Record<ThemeColorKey, MessageDescriptor> = {
  cover: msg`Capa`,
  coverText: msg`Texto da capa`,
  accent: msg`Cor de destaque`,
  accentSoft: msg`Destaque suave (fundos)`,
  spine: msg`Espiral e lombada`,
};

const problemOf = (error: unknown): NotebookThemeProblem => (error instanceof NotebookThemeError ? error.problem : 'server');

const EMPTY: NotebookThemeRow = { id: '', name: '', colors: { ...THEME_PALETTES.purple }, is_premium: false, is_active: true, sort_order: 0 };

/**
 * /admin › Temas (issue 35; spec §3, §5): the notebook colour themes — list, create, edit, enable
 * and disable (never the default theme, purple). A theme's five colours (the notebook theme
 * contract: cover, its text, accent, soft accent, spine) are picked with colour inputs; the cover's
 * text must be readable on the cover (contrast ≥ 4.5:1, WCAG AA). A premium theme is sold in the
 * store (a seasonal item of category theme grants it). The database holds the same rules and lets
 * only admins write; the app draws an added theme from its colours everywhere (theme-catalogue.ts).
 */
export default function ThemesSection() {
  const { t, i18n } = useLingui();
  const headingId = useId();
  const formId = useId();
  const online = useOnline();
  const list = useNotebookThemes();
  const save = useSaveNotebookTheme();
  const setActive = useSetNotebookThemeActive();
  const form = useCatalogueForm({ empty: EMPTY, rows: list.data, problems: PROBLEMS, problemOf });
  const { editing, draft, setDraft, failed } = form;
  useLoadErrorToast(list.isError && !list.data);

  // a row saved before all five colours were kept gets the default palette's missing ones
  const open = (row: NotebookThemeRow | null) => form.open(row ? { ...row, colors: { ...EMPTY.colors, ...row.colors } } : null);

  const problems = checkThemeDraft(draft);
  const readable = isHexColor(draft.colors.cover) && isHexColor(draft.colors.coverText);
  const ratio = readable ? contrastRatio(draft.colors.cover, draft.colors.coverText) : 0;
  const ratioText = i18n.number(Math.floor(ratio * 10) / 10, { minimumFractionDigits: 1, maximumFractionDigits: 1 });

  function submit(event: FormEvent) {
    event.preventDefault();
    form.attempt();
    if (Object.keys(problems).length > 0 || editing === undefined) return;
    save.mutate(
      { existingId: editing, draft },
      {
        onSuccess: (saved) => {
          toast({ title: t`Tema salvo: ${saved.name}` });
          form.close();
        },
        onError: failed,
      },
    );
  }

  function toggle(row: NotebookThemeRow) {
    setActive.mutate(
      { id: row.id, active: !row.is_active },
      { onSuccess: (saved) => toast({ title: saved.is_active ? t`Tema ativado: ${saved.name}` : t`Tema desativado: ${saved.name}` }), onError: failed },
    );
  }

  const count = list.data?.length ?? 0;
  const inactive = list.data?.filter((r) => !r.is_active).length ?? 0;

  return (
    <div className={css.panel} aria-labelledby={headingId} role="region" data-testid="admin-themes">
      <h2 id={headingId} className={css.sectionTitle}>
        <Trans>Temas</Trans>
      </h2>
      <p className={css.muted}>
        <Trans>As cores dos cadernos. Um tema premium é vendido na loja sazonal (um item da categoria tema o libera).</Trans>
      </p>
      <div className={css.actions}>
        <button type="button" className={button.primary} onClick={() => open(null)} disabled={!online}>
          <Icon name="plus" />
          <Trans>Novo tema</Trans>
        </button>
      </div>

      {editing !== undefined && (
        <form id={formId} onSubmit={submit} noValidate className={css.panel} aria-label={editing ? t`Editar tema` : t`Novo tema`}>
          <CatalogueFields formId={formId} draft={draft} onChange={setDraft} idLocked={editing !== null} problems={form.tried ? problems : {}} nameMax={THEME_NAME_MAX}>
            <fieldset className={css.panel}>
              <legend>
                <Trans>Cores</Trans>
              </legend>
              <div className={css.row}>
                {THEME_COLOR_KEYS.map((key) => (
                  <label key={key} className={css.inline}>
                    {i18n._(COLOR_LABELS[key])}
                    <input type="color" value={draft.colors[key]} onChange={(e) => setDraft((d) => ({ ...d, colors: { ...d.colors, [key]: e.target.value.toLowerCase() } }))} />
                  </label>
                ))}
              </div>
              <p
                data-testid="theme-preview"
                style={{ margin: 0, padding: '0.75rem 1rem', borderRadius: '0.5rem', background: draft.colors.cover, color: draft.colors.coverText, borderLeft: `0.75rem solid ${draft.colors.spine}` }}
              >
                <Trans>Título do caderno</Trans>
              </p>
              <p className={ratio >= MIN_COVER_CONTRAST ? css.muted : css.error} data-testid="theme-contrast" role={ratio >= MIN_COVER_CONTRAST ? undefined : 'alert'}>
                {ratio >= MIN_COVER_CONTRAST ? (
                  <Trans>Contraste do texto da capa: {ratioText}:1 (mínimo 4,5:1).</Trans>
                ) : (
                  <Trans>Contraste do texto da capa: {ratioText}:1 — baixo demais: escolha cores com pelo menos 4,5:1.</Trans>
                )}
              </p>
            </fieldset>
          </CatalogueFields>
          <LookFlags draft={draft} onChange={setDraft} keepActive={!mayDisableTheme(draft)} />
          <EditActions editing disabled={!online || save.isPending} onCancel={form.close} saveLabel={<Trans>Salvar tema</Trans>} />
        </form>
      )}

      {list.data ? (
        <>
          <p className={css.muted} data-testid="themes-count">
            <Plural value={count} one="# tema" other="# temas" />
            <InactiveCount inactive={inactive} />
          </p>
          <ul className={css.list}>
            {list.data.map((row) => (
              <li key={row.id} className={css.item} data-testid={`notebook-theme-${row.id}`}>
                <span className={css.name}>
                  <span aria-hidden="true" style={{ display: 'inline-block', width: '1em', height: '1em', marginInlineEnd: '0.4em', verticalAlign: '-0.15em', borderRadius: '0.2em', background: row.colors?.cover }} />
                  {row.name}
                </span>
                <p className={css.detail}>{row.id}</p>
                <div className={css.badges}>
                  {row.is_active ? <span className={css.badge}>{t`Ativo`}</span> : <span className={css.badgeDanger}>{t`Desativado`}</span>}
                  {row.is_premium ? <span className={css.badge}>{t`Premium`}</span> : null}
                  {!mayDisableTheme(row) ? <span className={css.badge}>{t`Padrão`}</span> : null}
                </div>
                <RowActions
                  name={row.name}
                  onEdit={() => open(row)}
                  onToggle={mayDisableTheme(row) || !row.is_active ? () => toggle(row) : undefined}
                  active={row.is_active}
                  disabled={!online}
                  busy={setActive.isPending}
                />
              </li>
            ))}
          </ul>
        </>
      ) : (
        <NotLoaded failed={list.isError} onRetry={() => void list.refetch()} />
      )}
    </div>
  );
}
