import { useId, type FormEvent, type ReactNode } from 'react';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { FormField } from '../../../components/FormField.tsx';
import { Icon } from '../../../components/Icon.tsx';
import { useOnline } from '../../../components/frame/useOnline.ts';
import * as f from '../../../components/form.css.ts';
import { button } from '../../../components/ui.css.ts';
import {
  ACHIEVEMENT_DESCRIPTION_MAX,
  ACHIEVEMENT_NAME_MAX,
  ACHIEVEMENT_TYPES,
  AchievementAdminError,
  checkAchievementDraft,
  RARITIES,
  type AchievementProblem,
  type AchievementRow,
} from '../../../data/online/achievements-admin.ts';
import type { AchievementType, Rarity } from '../../../data/online/achievements.ts';
import { toast } from '../../../state/toast.ts';
import { useAdminAchievements, useSaveAchievement, useSetAchievementActive } from '../../online/hooks/achievements-admin.ts';
import { RowActions, useCatalogueForm } from '../CatalogueForm.tsx';
import { useLoadErrorToast } from '../useLoadErrorToast.ts';
import { NotLoaded } from '../NotLoaded.tsx';
import { EditActions } from '../EditActions.tsx';
import { isAchievementIcon } from '../../../data/online/achievement-icons.ts';
import { AchievementIcon } from '../../online/AchievementIcon.tsx';
import { IconChoice } from './IconChoice.tsx';
import * as iconCss from './icon-choice.css.ts';
import * as css from '../admin.css.ts';

const PROBLEMS: Record<AchievementProblem, MessageDescriptor> = {
  validation: msg`Confira o código, os nomes e os números da conquista.`,
  id_taken: msg`Já existe uma conquista com este código.`,
  not_allowed: msg`Apenas administradores podem fazer isso.`,
  offline: msg`Você está sem internet. Conecte-se para salvar.`,
  server: msg`Não foi possível salvar. Tente de novo em alguns segundos.`,
};

const problemOf = (error: unknown): AchievementProblem => (error instanceof AchievementAdminError ? error.problem : 'server');

const TYPE_NAMES: Record<AchievementType, MessageDescriptor> = {
  general: msg`Geral`,
  creation: msg`Criação`,
  social: msg`Social`,
  participation: msg`Participação`,
  sharing: msg`Compartilhamentos`,
};

const RARITY_NAMES: Record<Rarity, MessageDescriptor> = {
  common: msg`Comum`,
  uncommon: msg`Incomum`,
  rare: msg`Rara`,
  epic: msg`Épica`,
  legendary: msg`Lendária`,
};

const EMPTY: AchievementRow = {
  id: '',
  name_pt: '',
  name_en: '',
  description_pt: '',
  description_en: '',
  type: 'general',
  rarity: 'common',
  points: 10,
  level: 1,
  threshold: 1,
  icon: null,
  is_active: true,
};

/**
 * /admin › Conquistas (issue 35; spec §3, §5): the achievements catalogue — list, create, edit,
 * enable and disable; each one's name and description in both languages, type, rarity, points,
 * level, threshold and icon (one the app draws). The database holds the same rules and lets only admins write; a disabled
 * achievement is awarded to nobody. An achievement the app has no words for is shown by these names.
 */
export default function AchievementsSection() {
  const { t, i18n } = useLingui();
  const headingId = useId();
  const formId = useId();
  const online = useOnline();
  const list = useAdminAchievements();
  const save = useSaveAchievement();
  const setActive = useSetAchievementActive();
  // the catalogue form's frame without its fields: an achievement has two names and no place in a list
  const form = useCatalogueForm({ empty: EMPTY, problems: PROBLEMS, problemOf });
  const { editing, draft, setDraft, open, failed } = form;
  useLoadErrorToast(list.isError && !list.data);

  const problems = checkAchievementDraft(draft);
  const shown = form.tried ? problems : {};
  const nameOf = (row: AchievementRow) => (i18n.locale === 'en-US' ? row.name_en : row.name_pt);
  const nameError = (p: 'required' | 'too_long' | undefined) => (p === 'required' ? t`O nome é obrigatório.` : p === 'too_long' ? t`O nome pode ter até 80 caracteres.` : undefined);
  const descriptionError = (p: 'too_long' | undefined) => (p ? t`A descrição pode ter até 300 caracteres.` : undefined);

  function submit(event: FormEvent) {
    event.preventDefault();
    form.attempt();
    if (Object.keys(problems).length > 0 || editing === undefined) return;
    save.mutate(
      { existingId: editing, draft },
      {
        onSuccess: (saved) => {
          toast({ title: t`Conquista salva: ${nameOf(saved)}` });
          form.close();
        },
        onError: failed,
      },
    );
  }

  function toggle(row: AchievementRow) {
    setActive.mutate(
      { id: row.id, active: !row.is_active },
      { onSuccess: (saved) => toast({ title: saved.is_active ? t`Conquista ativada: ${nameOf(saved)}` : t`Conquista desativada: ${nameOf(saved)}` }), onError: failed },
    );
  }

  const select = <T extends string>(id: string, label: ReactNode, value: T, options: readonly T[], names: Record<T, MessageDescriptor>, onChange: (v: T) => void) => (
    <div className={f.field}>
      <label htmlFor={id} className={f.label}>
        {label}
      </label>
      <select id={id} className={f.input} value={value} onChange={(e) => onChange(e.target.value as T)}>
        {options.map((o) => (
          <option key={o} value={o}>
            {i18n._(names[o])}
          </option>
        ))}
      </select>
    </div>
  );
  const number = (key: 'points' | 'level' | 'threshold', label: string, min: number, error: string) => (
    <FormField
      id={`${formId}-${key}`}
      type="number"
      min={min}
      step={1}
      label={label}
      value={String(draft[key])}
      onChange={(e) => setDraft({ ...draft, [key]: e.target.value === '' ? Number.NaN : Number(e.target.value) })}
      error={shown[key] ? error : undefined}
    />
  );

  const count = list.data?.length ?? 0;
  const inactive = list.data?.filter((r) => !r.is_active).length ?? 0;

  return (
    <div className={css.panel} aria-labelledby={headingId} role="region" data-testid="admin-achievements">
      <h2 id={headingId} className={css.sectionTitle}>
        <Trans>Conquistas</Trans>
      </h2>
      <p className={css.muted}>
        <Trans>As conquistas que as pessoas ganham. Uma conquista desativada não é dada a ninguém; as já ganhas ficam.</Trans>
      </p>
      <div className={css.actions}>
        <button type="button" className={button.primary} onClick={() => open(null)} disabled={!online}>
          <Icon name="plus" />
          <Trans>Nova conquista</Trans>
        </button>
      </div>

      {editing !== undefined && (
        <form id={formId} onSubmit={submit} noValidate className={css.panel} aria-label={editing ? t`Editar conquista` : t`Nova conquista`}>
          <FormField
            id={`${formId}-id`}
            label={t`Código`}
            hint={t`Letras minúsculas, números e sublinhados (2 a 40). Não muda depois de criado.`}
            value={draft.id}
            disabled={editing !== null}
            onChange={(e) => setDraft({ ...draft, id: e.target.value })}
            error={shown.id ? t`Use só letras minúsculas, números e sublinhados (2 a 40).` : undefined}
          />
          <FormField id={`${formId}-name-pt`} label={t`Nome em português`} value={draft.name_pt} maxLength={ACHIEVEMENT_NAME_MAX} onChange={(e) => setDraft({ ...draft, name_pt: e.target.value })} error={nameError(shown.name_pt)} />
          <FormField id={`${formId}-name-en`} label={t`Nome em inglês`} value={draft.name_en} maxLength={ACHIEVEMENT_NAME_MAX} onChange={(e) => setDraft({ ...draft, name_en: e.target.value })} error={nameError(shown.name_en)} />
          <FormField
            id={`${formId}-description-pt`}
            label={t`Descrição em português (opcional)`}
            value={draft.description_pt}
            maxLength={ACHIEVEMENT_DESCRIPTION_MAX}
            onChange={(e) => setDraft({ ...draft, description_pt: e.target.value })}
            error={descriptionError(shown.description_pt)}
          />
          <FormField
            id={`${formId}-description-en`}
            label={t`Descrição em inglês (opcional)`}
            value={draft.description_en}
            maxLength={ACHIEVEMENT_DESCRIPTION_MAX}
            onChange={(e) => setDraft({ ...draft, description_en: e.target.value })}
            error={descriptionError(shown.description_en)}
          />
          {select(`${formId}-type`, <Trans>Tipo</Trans>, draft.type, ACHIEVEMENT_TYPES, TYPE_NAMES, (type) => setDraft({ ...draft, type }))}
          {select(`${formId}-rarity`, <Trans>Raridade</Trans>, draft.rarity, RARITIES, RARITY_NAMES, (rarity) => setDraft({ ...draft, rarity }))}
          {number('points', t`Pontos`, 0, t`Os pontos são um número inteiro, 0 ou mais.`)}
          {number('level', t`Nível`, 1, t`O nível é um número inteiro, 1 ou mais.`)}
          {number('threshold', t`Meta (quantas vezes)`, 0, t`A meta é um número inteiro, 0 ou mais.`)}
          <IconChoice name={`${formId}-icon`} value={draft.icon} onChange={(icon) => setDraft({ ...draft, icon })} />
          <label className={css.row}>
            <input type="checkbox" checked={draft.is_active} onChange={(e) => setDraft({ ...draft, is_active: e.target.checked })} />
            <Trans>Ativa</Trans>
          </label>
          <EditActions editing disabled={!online || save.isPending} onCancel={form.close} saveLabel={<Trans>Salvar conquista</Trans>} />
        </form>
      )}

      {list.data ? (
        <>
          <p className={css.muted} data-testid="achievements-count">
            <Plural value={count} one="# conquista" other="# conquistas" />
            {inactive > 0 ? (
              <>
                {' · '}
                <Plural value={inactive} one="# desativada" other="# desativadas" />
              </>
            ) : null}
          </p>
          <ul className={css.list}>
            {list.data.map((row) => {
              const points = row.points;
              const level = row.level;
              const threshold = row.threshold;
              return (
                <li key={row.id} className={css.item} data-testid={`achievement-${row.id}`}>
                  <span className={css.name}>
                    {isAchievementIcon(row.icon) ? <AchievementIcon name={row.icon} className={iconCss.listIcon} /> : null} {nameOf(row)}
                  </span>
                  <p className={css.detail}>
                    {row.id} · {i18n._(TYPE_NAMES[row.type] ?? TYPE_NAMES.general)} · <Plural value={points} one="# ponto" other="# pontos" /> · <Trans>nível {level}</Trans> ·{' '}
                    <Trans>meta {threshold}</Trans>
                  </p>
                  <div className={css.badges}>
                    {row.is_active ? <span className={css.badge}>{t`Ativa`}</span> : <span className={css.badgeDanger}>{t`Desativada`}</span>}
                    <span className={css.badge}>{i18n._(RARITY_NAMES[row.rarity] ?? RARITY_NAMES.common)}</span>
                  </div>
                  <RowActions name={nameOf(row)} onEdit={() => open(row)} onToggle={() => toggle(row)} active={row.is_active} disabled={!online} busy={setActive.isPending} />
                </li>
              );
            })}
          </ul>
        </>
      ) : (
        <NotLoaded failed={list.isError} onRetry={() => void list.refetch()} />
      )}
    </div>
  );
}
