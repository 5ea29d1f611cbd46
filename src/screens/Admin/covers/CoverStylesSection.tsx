import { useId, type FormEvent } from 'react';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Icon } from '../../../components/Icon.tsx';
import { useOnline } from '../../../components/frame/useOnline.ts';
import { button } from '../../../components/ui.css.ts';
import { AdminImageError, removeAdminImage } from '../../../data/online/admin-images.ts';
import { checkCoverDraft, CoverStyleError, mayChange, type CoverStyleProblem, type CoverStyleRow } from '../../../data/online/cover-styles-admin.ts';
import { PAPER_NAME_MAX, STORE_IMAGES_BUCKET, storeImageUrl } from '../../../data/online/paper-styles-admin.ts';
import { toast } from '../../../state/toast.ts';
import { useCoverStyles, useSaveCoverStyle, useSetCoverStyleActive } from '../../online/hooks/cover-styles.ts';
import { CatalogueFields, RowActions, useCatalogueForm } from '../CatalogueForm.tsx';
import { useLoadErrorToast } from '../useLoadErrorToast.ts';
import { NotLoaded } from '../NotLoaded.tsx';
import { EditActions } from '../EditActions.tsx';
import { InactiveCount, LookFlags } from '../LookFlags.tsx';
import { IMAGE_PROBLEMS, StoreImageField } from '../StoreImageField.tsx';
import * as css from '../admin.css.ts';

const PROBLEMS: Record<CoverStyleProblem, MessageDescriptor> = {
  validation: msg`Confira o código e o nome do estilo de capa.`,
  id_taken: msg`Já existe um estilo de capa com este código.`,
  default_stays_free: msg`A capa lisa (padrão) fica sempre ativa e gratuita.`,
  ...IMAGE_PROBLEMS,
  offline: msg`Você está sem internet. Conecte-se para salvar.`,
  server: msg`Não foi possível salvar. Tente de novo em alguns segundos.`,
};

const problemOf = (error: unknown): CoverStyleProblem => (error instanceof CoverStyleError || error instanceof AdminImageError ? error.problem : 'server');

const EMPTY: CoverStyleRow = { id: '', name: '', is_premium: false, is_active: true, sort_order: 0, image_path: null };

/**
 * /admin › Estilos de capa (issue 35; spec §3, §5): the cover styles notebooks use — list, create,
 * edit, enable and disable; a style is a picture drawn over the cover's colour, under its label
 * (uploaded to Storage, bucket store-images, with the profile images' checks); a premium style is
 * sold in the store (a seasonal item of category cover style grants it). The plain cover (liso) is
 * never disabled nor sold. The database holds the same rules and lets only admins write.
 */
export default function CoverStylesSection() {
  const { t } = useLingui();
  const headingId = useId();
  const formId = useId();
  const online = useOnline();
  const list = useCoverStyles();
  const save = useSaveCoverStyle();
  const setActive = useSetCoverStyleActive();
  const form = useCatalogueForm({ empty: EMPTY, rows: list.data, problems: PROBLEMS, problemOf });
  const { editing, draft, setDraft, open, failed } = form;
  useLoadErrorToast(list.isError && !list.data);

  const problems = checkCoverDraft(draft);
  // every style but the plain cover is its picture
  const imageMissing = mayChange(draft) && !draft.image_path;

  function submit(event: FormEvent) {
    event.preventDefault();
    form.attempt();
    if (editing === undefined || Object.keys(problems).length > 0 || imageMissing) return;
    const replaced = editing ? list.data?.find((r) => r.id === editing)?.image_path : null;
    save.mutate(
      { existingId: editing, draft },
      {
        onSuccess: (saved) => {
          // the picture the style showed before, replaced or taken away, leaves Storage
          if (replaced && replaced !== saved.image_path) void removeAdminImage(STORE_IMAGES_BUCKET, replaced);
          toast({ title: t`Estilo de capa salvo: ${saved.name}` });
          form.close();
        },
        onError: failed,
      },
    );
  }

  function toggle(row: CoverStyleRow) {
    setActive.mutate(
      { id: row.id, active: !row.is_active },
      { onSuccess: (saved) => toast({ title: saved.is_active ? t`Estilo de capa ativado: ${saved.name}` : t`Estilo de capa desativado: ${saved.name}` }), onError: failed },
    );
  }

  const count = list.data?.length ?? 0;
  const inactive = list.data?.filter((r) => !r.is_active).length ?? 0;

  return (
    <div className={css.panel} aria-labelledby={headingId} role="region" data-testid="admin-covers">
      <h2 id={headingId} className={css.sectionTitle}>
        <Trans>Estilos de capa</Trans>
      </h2>
      <p className={css.muted}>
        <Trans>As estampas das capas dos cadernos: uma imagem sobre a cor da capa, sob a etiqueta. Um estilo premium é vendido na loja sazonal (um item da categoria estilo de capa o libera).</Trans>
      </p>
      <div className={css.actions}>
        <button type="button" className={button.primary} onClick={() => open(null)} disabled={!online}>
          <Icon name="plus" />
          <Trans>Novo estilo de capa</Trans>
        </button>
      </div>

      {editing !== undefined && (
        <form id={formId} onSubmit={submit} noValidate className={css.panel} aria-label={editing ? t`Editar estilo de capa` : t`Novo estilo de capa`}>
          <CatalogueFields formId={formId} draft={draft} onChange={setDraft} idLocked={editing !== null} problems={form.tried ? problems : {}} nameMax={PAPER_NAME_MAX} />
          <StoreImageField
            label={mayChange(draft) ? t`Imagem da capa` : t`Imagem da capa (opcional)`}
            value={draft.image_path}
            onChange={(image_path) => setDraft((d) => ({ ...d, image_path }))}
            disabled={!online}
            testId="cover-image-preview"
            keep={(key) => key}
            src={storeImageUrl}
          />
          {form.tried && imageMissing ? (
            <p className={css.error} role="alert">
              <Trans>Envie a imagem do estilo de capa.</Trans>
            </p>
          ) : null}
          {mayChange(draft) ? <LookFlags draft={draft} onChange={setDraft} /> : null}
          <EditActions editing disabled={!online || save.isPending} onCancel={form.close} saveLabel={<Trans>Salvar estilo de capa</Trans>} />
        </form>
      )}

      {list.data ? (
        <>
          <p className={css.muted} data-testid="covers-count">
            <Plural value={count} one="# estilo de capa" other="# estilos de capa" />
            <InactiveCount inactive={inactive} />
          </p>
          <ul className={css.list}>
            {list.data.map((row) => (
              <li key={row.id} className={css.item} data-testid={`cover-style-${row.id}`}>
                <span className={css.name}>{row.name}</span>
                <p className={css.detail}>{row.id}</p>
                {row.image_path ? <img src={storeImageUrl(row.image_path)} alt="" width={96} style={{ height: 'auto' }} /> : null}
                <div className={css.badges}>
                  {row.is_active ? <span className={css.badge}>{t`Ativo`}</span> : <span className={css.badgeDanger}>{t`Desativado`}</span>}
                  {row.is_premium ? <span className={css.badge}>{t`Premium`}</span> : null}
                  {!mayChange(row) ? <span className={css.badge}>{t`Padrão`}</span> : null}
                </div>
                <RowActions
                  name={row.name}
                  onEdit={() => open(row)}
                  onToggle={mayChange(row) || !row.is_active ? () => toggle(row) : undefined}
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
