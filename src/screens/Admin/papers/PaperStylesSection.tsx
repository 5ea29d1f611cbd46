import { useId, type FormEvent } from 'react';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
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
import { CatalogueFields, RowActions, useCatalogueForm } from '../CatalogueForm.tsx';
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

const problemOf = (error: unknown): PaperStyleProblem => (error instanceof PaperStyleError || error instanceof AdminImageError ? error.problem : 'server');

const EMPTY: PaperStyleRow = { id: '', name: '', is_premium: false, is_active: true, sort_order: 0, image_path: null };

/**
 * /admin › Estilos de papel (issue 35; spec §3, §5): the paper styles notebooks use — list,
 * create, edit, enable and disable; a premium paper is sold in the store (a seasonal item of
 * category paper style grants it). Its picture is uploaded to Storage (bucket store-images) with
 * the profile images' checks. The database holds the same rules (name required; lined-blue
 * cannot be disabled) and lets only admins write.
 */
export default function PaperStylesSection() {
  const { t } = useLingui();
  const headingId = useId();
  const formId = useId();
  const online = useOnline();
  const list = usePaperStyles();
  const save = useSavePaperStyle();
  const setActive = useSetPaperStyleActive();
  const form = useCatalogueForm({ empty: EMPTY, rows: list.data, problems: PROBLEMS, problemOf });
  const { editing, draft, setDraft, open, failed } = form;
  useLoadErrorToast(list.isError && !list.data);

  const problems = checkPaperDraft(draft);

  function submit(event: FormEvent) {
    event.preventDefault();
    form.attempt();
    if (editing === undefined || Object.keys(problems).length > 0) return;
    const replaced = editing ? list.data?.find((r) => r.id === editing)?.image_path : null;
    save.mutate(
      { existingId: editing, draft },
      {
        onSuccess: (saved) => {
          // the picture the paper showed before, replaced or taken away, leaves Storage
          if (replaced && replaced !== saved.image_path) void removeAdminImage(STORE_IMAGES_BUCKET, replaced);
          toast({ title: t`Papel salvo: ${saved.name}` });
          form.close();
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
          <CatalogueFields formId={formId} draft={draft} onChange={setDraft} idLocked={editing !== null} problems={form.tried ? problems : {}} nameMax={PAPER_NAME_MAX} />
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
          <EditActions editing disabled={!online || save.isPending} onCancel={form.close} saveLabel={<Trans>Salvar papel</Trans>} />
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
                <RowActions
                  name={row.name}
                  onEdit={() => open(row)}
                  onToggle={mayDisable(row) || !row.is_active ? () => toggle(row) : undefined}
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
