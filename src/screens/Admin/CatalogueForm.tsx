import { useState, type ReactNode } from 'react';
import type { MessageDescriptor } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { FormField } from '../../components/FormField.tsx';
import { Icon } from '../../components/Icon.tsx';
import { button } from '../../components/ui.css.ts';
import { toast } from '../../state/toast.ts';
import { SAVE_ERROR_TITLE } from './admin-messages.ts';
import * as css from './admin.css.ts';

/**
 * The one frame of the admin catalogue forms (issue 35): a row of a catalogue with a code, a name
 * and a place in the list (paper styles, cover styles, themes, sticker packs and stickers;
 * achievements use the hook alone: their rows have no place), edited in a form shown only while editing.
 *
 *   const form = useCatalogueForm({ empty, rows: list.data, problems: PROBLEMS, problemOf });
 *   form.editing   undefined: no form; null: a new row; an id: that row
 *   form.open(row | null, fresh?)   a new row is empty + the next place (the largest sort_order
 *                  of rows + 1, when rows have one) + fresh (e.g. a sticker's pack and its place)
 *   form.close(), form.draft, form.setDraft(next | (draft) => next)
 *   form.tried     whether saving was tried (show the field problems from then on)
 *   form.attempt() marks it tried (the caller then checks its own draft and form.editing)
 *   form.failed(error)   the save-error toast: SAVE_ERROR_TITLE + problems[problemOf(error)]
 *
 *   <CatalogueFields formId draft onChange={form.setDraft} idLocked={form.editing !== null}
 *     problems={form.tried ? check(draft) : {}} nameMax={80} orderLabel?>{fields between Nome and Posição}</CatalogueFields>
 *   Código / Nome / Posição na lista
 *
 *   <RowActions name={row.name} onEdit={() => form.open(row)} onToggle? active disabled={!online} busy>
 *   a listed row's Editar and Ativar / Desativar buttons (and the row's own ones after them)
 */
export interface CatalogueRow {
  id: string;
  name: string;
  sort_order: number;
}

export interface CatalogueFieldProblems {
  id?: 'invalid';
  name?: 'required' | 'too_long';
}

export function useCatalogueForm<Row extends { id: string; sort_order?: number }, Problem extends string>({
  empty,
  rows,
  problems,
  problemOf,
}: {
  empty: Row;
  /** The catalogue's rows, for a new row's place (rows with a sort_order). */
  rows?: readonly Row[];
  /** The words of each code the calls answer (spec §8 admin save errors). */
  problems: Record<Problem, MessageDescriptor>;
  /** The code of a failed call ('server' for anything unnamed). */
  problemOf: (error: unknown) => Problem;
}) {
  const { i18n } = useLingui();
  const [editing, setEditing] = useState<string | null | undefined>(undefined);
  const [draft, setDraft] = useState<Row>(empty);
  const [tried, setTried] = useState(false);

  function open(row: Row | null, fresh?: Partial<Row>) {
    const place = empty.sort_order === undefined ? null : { sort_order: nextPlace(rows ?? []) };
    setDraft(row ?? { ...empty, ...place, ...fresh });
    setTried(false);
    setEditing(row?.id ?? null);
  }

  return {
    editing,
    draft,
    setDraft,
    tried,
    open,
    close: () => setEditing(undefined),
    attempt: () => setTried(true),
    failed: (error: unknown) => {
      toast({ title: i18n._(SAVE_ERROR_TITLE), description: i18n._(problems[problemOf(error)]), variant: 'destructive' });
    },
  };
}

/** The place after the last of `rows` (1 for none). */
export const nextPlace = (rows: readonly { sort_order?: number }[]) => rows.reduce((most, r) => Math.max(most, r.sort_order ?? 0), 0) + 1;

/** Código (fixed once created), Nome and Posição na lista: the fields every catalogue row has. */
export function CatalogueFields<Row extends CatalogueRow>({
  formId,
  draft,
  onChange,
  idLocked,
  problems,
  nameMax,
  orderLabel,
  children,
}: {
  formId: string;
  draft: Row;
  onChange: (next: Row) => void;
  idLocked: boolean;
  problems: CatalogueFieldProblems;
  /** At most 80 (the words say so; the database checks 1–80 after trimming). */
  nameMax: number;
  /** The place's label when it is not the list's (a sticker's place in its pack). */
  orderLabel?: string;
  /** The row's own fields, shown between Nome and the place (a theme's colours). */
  children?: ReactNode;
}) {
  const { t } = useLingui();
  return (
    <>
      <FormField
        id={`${formId}-id`}
        label={t`Código`}
        hint={t`Letras minúsculas, números e hífens (2 a 40). Não muda depois de criado.`}
        value={draft.id}
        disabled={idLocked}
        onChange={(e) => onChange({ ...draft, id: e.target.value })}
        error={problems.id ? t`Use só letras minúsculas, números e hífens (2 a 40).` : undefined}
      />
      <FormField
        id={`${formId}-name`}
        label={t`Nome`}
        value={draft.name}
        maxLength={nameMax}
        onChange={(e) => onChange({ ...draft, name: e.target.value })}
        error={problems.name === 'required' ? t`O nome é obrigatório.` : problems.name === 'too_long' ? t`O nome pode ter até 80 caracteres.` : undefined}
      />
      {children}
      <FormField
        id={`${formId}-order`}
        type="number"
        label={orderLabel ?? t`Posição na lista`}
        value={String(draft.sort_order)}
        onChange={(e) => onChange({ ...draft, sort_order: Number(e.target.value) || 0 })}
      />
    </>
  );
}

/**
 * A listed row's buttons: Editar (opens the form) and, when `onToggle` is given, Ativar / Desativar;
 * `children` (a pack's "Novo adesivo") follow them. Each button is named with the row's name.
 */
export function RowActions(row: {
  name: string;
  onEdit: () => void;
  onToggle?: () => void;
  active?: boolean;
  /** Offline: nothing can be changed. */
  disabled: boolean;
  /** A change of state is on its way. */
  busy?: boolean;
  children?: ReactNode;
}) {
  const { t } = useLingui();
  return (
    <div className={css.actions}>
      <button type="button" className={button.secondary} onClick={row.onEdit} disabled={row.disabled} aria-label={t`Editar ${row.name}`}>
        <Icon name="pencil" />
        <Trans>Editar</Trans>
      </button>
      {row.onToggle ? (
        <button
          type="button"
          className={button.secondary}
          onClick={row.onToggle}
          disabled={row.disabled || row.busy}
          aria-label={row.active ? t`Desativar ${row.name}` : t`Ativar ${row.name}`}
        >
          {row.active ? <Trans>Desativar</Trans> : <Trans>Ativar</Trans>}
        </button>
      ) : null}
      {row.children}
    </div>
  );
}
