import { useId, useState, type FormEvent } from 'react';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { FormField } from '../../../components/FormField.tsx';
import { Icon } from '../../../components/Icon.tsx';
import { useOnline } from '../../../components/frame/useOnline.ts';
import { button } from '../../../components/ui.css.ts';
import { AdminImageError, removeAdminImage } from '../../../data/online/admin-images.ts';
import {
  checkPaperDraft,
  mayDisable,
  PAPER_NAME_MAX,
  PaperStyleError,
  STORE_IMAGES_BUCKET,
  storeImageUrl,
  type PaperStyleProblem,
  type PaperStyleRow,
} from '../../../data/online/paper-styles-admin.ts';
import { toast } from '../../../state/toast.ts';
import { usePaperStyles, useSavePaperStyle, useSetPaperStyleActive } from '../../online/hooks/paper-styles.ts';
import { SAVE_ERROR_TITLE } from '../admin-messages.ts';
import { useLoadErrorToast } from '../useLoadErrorToast.ts';
import { NotLoaded } from '../NotLoaded.tsx';
import { EditActions } from '../EditActions.tsx';
import { InactiveCount, LookFlags } from '../LookFlags.tsx';
import { IMAGE_PROBLEMS, StoreImageField } from '../StoreImageField.tsx';
import * as css from '../admin.css.ts';

const PROBLEMS: Record<PaperStyleProblem, MessageDescriptor> = {
  validation: msg`Confira o código e o nome do papel.`,
  id_taken: msg`Já existe um papel com este código.`,
  default_stays_active: msg`O papel padrão (pautado azul) não pode ser desativado.`,
  ...IMAGE_PROBLEMS,
  offline: msg`Você está sem internet. Conecte-se para salvar.`,
  server: msg`Não foi possível salvar. Tente de novo em alguns segundos.`,
};

const EMPTY: PaperStyleRow = { id: '', name: '', is_premium: false, is_active: true, sort_order: 0, image_path: null };

/**
 * /admin › Estilos de papel (issue 35; spec §3, §5): the paper styles notebooks use — list,
 * create, edit, enable and disable; a premium paper is sold in the store (a seasonal item of
 * category paper style grants it). Its picture is uploaded to Storage (bucket store-images) with
 * the profile images' checks. The database holds the same rules (name required; lined-blue
 * cannot be disabled) and lets only admins write.
 */
export default function PaperStylesSection() {
  const { t, i18n } = useLingui();
  const headingId = useId();
  const formId = useId();
  const online = useOnline();
  const list = usePaperStyles();
  const save = useSavePaperStyle();
  const setActive = useSetPaperStyleActive();
  const [editing, setEditing] = useState<string | null | undefined>(undefined);
  const [draft, setDraft] = useState<PaperStyleRow>(EMPTY);
  const [tried, setTried] = useState(false);
  useLoadErrorToast(list.isError && !list.data);

  const failed = (error: unknown) => {
    const problem: PaperStyleProblem = error instanceof PaperStyleError || error instanceof AdminImageError ? error.problem : 'server';
    toast({ title: i18n._(SAVE_ERROR_TITLE), description: i18n._(PROBLEMS[problem]), variant: 'destructive' });
  };

  function open(row: PaperStyleRow | null) {
    setDraft(row ?? { ...EMPTY, sort_order: (list.data?.reduce((most, r) => Math.max(most, r.sort_order), 0) ?? 0) + 1 });
    setTried(false);
    setEditing(row?.id ?? null);
  }

  const problems = checkPaperDraft(draft);
  const shown = tried ? problems : {};

  function submit(event: FormEvent) {
    event.preventDefault();
    setTried(true);
    if (Object.keys(problems).length > 0 || editing === undefined) return;
    const replaced = editing ? list.data?.find((r) => r.id === editing)?.image_path : null;
    save.mutate(
      { existingId: editing, draft },
      {
        onSuccess: (saved) => {
          // the picture the paper showed before, replaced or taken away, leaves Storage
          if (replaced && replaced !== saved.image_path) void removeAdminImage(STORE_IMAGES_BUCKET, replaced);
          toast({ title: t`Papel salvo: ${saved.name}` });
          setEditing(undefined);
        },
        onError: failed,
      },
    );
  }

  function toggle(row: PaperStyleRow) {
    setActive.mutate(
      { id: row.id, active: !row.is_active },
      { onSuccess: (saved) => toast({ title: saved.is_active ? t`Papel ativado: ${saved.name}` : t`Papel desativado: ${saved.name}` }), onError: failed },
    );
  }

  const count = list.data?.length ?? 0;
  const inactive = list.data?.filter((r) => !r.is_active).length ?? 0;

  return (
    <div className={css.panel} aria-labelledby={headingId} role="region" data-testid="admin-papers">
      <h2 id={headingId} className={css.sectionTitle}>
        <Trans>Estilos de papel</Trans>
      </h2>
      <p className={css.muted}>
        <Trans>Os papéis que os cadernos usam. Um papel premium é vendido na loja sazonal (um item da categoria papel o libera).</Trans>
      </p>
      <div className={css.actions}>
        <button type="button" className={button.primary} onClick={() => open(null)} disabled={!online}>
          <Icon name="plus" />
          <Trans>Novo papel</Trans>
        </button>
      </div>

      {editing !== undefined && (
        <form id={formId} onSubmit={submit} noValidate className={css.panel} aria-label={editing ? t`Editar papel` : t`Novo papel`}>
          <FormField
            id={`${formId}-id`}
            label={t`Código`}
            hint={t`Letras minúsculas, números e hífens (2 a 40). Não muda depois de criado.`}
            value={draft.id}
            disabled={editing !== null}
            onChange={(e) => setDraft({ ...draft, id: e.target.value })}
            error={shown.id ? t`Use só letras minúsculas, números e hífens (2 a 40).` : undefined}
          />
          <FormField
            id={`${formId}-name`}
            label={t`Nome`}
            value={draft.name}
            maxLength={PAPER_NAME_MAX}
            onChange={(e) => setDraft({ ...draft, name: e.target.value })}
            error={shown.name === 'required' ? t`O nome é obrigatório.` : shown.name === 'too_long' ? t`O nome pode ter até 80 caracteres.` : undefined}
          />
          <FormField
            id={`${formId}-order`}
            type="number"
            label={t`Posição na lista`}
            value={String(draft.sort_order)}
            onChange={(e) => setDraft({ ...draft, sort_order: Number(e.target.value) || 0 })}
          />
          <StoreImageField
            label={t`Imagem do papel (opcional)`}
            value={draft.image_path}
            onChange={(image_path) => setDraft((d) => ({ ...d, image_path }))}
            disabled={!online}
            testId="paper-image-preview"
            keep={(key) => key}
            src={storeImageUrl}
          />
          <LookFlags draft={draft} onChange={setDraft} keepActive={!mayDisable(draft)} />
          <EditActions editing disabled={!online || save.isPending} onCancel={() => setEditing(undefined)} saveLabel={<Trans>Salvar papel</Trans>} />
        </form>
      )}

      {list.data ? (
        <>
          <p className={css.muted} data-testid="papers-count">
            <Plural value={count} one="# estilo de papel" other="# estilos de papel" />
            <InactiveCount inactive={inactive} />
          </p>
          <ul className={css.list}>
            {list.data.map((row) => (
              <li key={row.id} className={css.item} data-testid={`paper-style-${row.id}`}>
                <span className={css.name}>{row.name}</span>
                <p className={css.detail}>{row.id}</p>
                {row.image_path ? <img src={storeImageUrl(row.image_path)} alt="" width={96} style={{ height: 'auto' }} /> : null}
                <div className={css.badges}>
                  {row.is_active ? <span className={css.badge}>{t`Ativo`}</span> : <span className={css.badgeDanger}>{t`Desativado`}</span>}
                  {row.is_premium ? <span className={css.badge}>{t`Premium`}</span> : null}
                  {!mayDisable(row) ? <span className={css.badge}>{t`Padrão`}</span> : null}
                </div>
                <div className={css.actions}>
                  <button type="button" className={button.secondary} onClick={() => open(row)} disabled={!online} aria-label={t`Editar ${row.name}`}>
                    <Icon name="pencil" />
                    <Trans>Editar</Trans>
                  </button>
                  {mayDisable(row) || !row.is_active ? (
                    <button type="button" className={button.secondary} onClick={() => toggle(row)} disabled={!online || setActive.isPending} aria-label={row.is_active ? t`Desativar ${row.name}` : t`Ativar ${row.name}`}>
                      {row.is_active ? <Trans>Desativar</Trans> : <Trans>Ativar</Trans>}
                    </button>
                  ) : null}
                </div>
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
