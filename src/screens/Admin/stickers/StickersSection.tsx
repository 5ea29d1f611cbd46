import { useId, type FormEvent } from 'react';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Icon } from '../../../components/Icon.tsx';
import { useOnline } from '../../../components/frame/useOnline.ts';
import { button } from '../../../components/ui.css.ts';
import { AdminImageError, removeAdminImage } from '../../../data/online/admin-images.ts';
import { STORE_IMAGES_BUCKET, storeImageUrl } from '../../../data/online/paper-styles-admin.ts';
import {
  checkStickerDraft,
  STICKER_NAME_MAX,
  StickerPackError,
  type StickerPackProblem,
  type StickerPackRow,
  type StickerRow,
} from '../../../data/online/sticker-packs-admin.ts';
import { toast } from '../../../state/toast.ts';
import { FREE_STICKER_PACK } from '../../../styles/sticker-ids.ts';
import { useSaveSticker, useSaveStickerPack, useSetStickerPackActive, useStickerPacks } from '../../online/hooks/sticker-packs.ts';
import { CatalogueFields, nextPlace, RowActions, useCatalogueForm } from '../CatalogueForm.tsx';
import { useLoadErrorToast } from '../useLoadErrorToast.ts';
import { NotLoaded } from '../NotLoaded.tsx';
import { EditActions } from '../EditActions.tsx';
import { LookFlags } from '../LookFlags.tsx';
import { IMAGE_PROBLEMS, StoreImageField } from '../StoreImageField.tsx';
import * as css from '../admin.css.ts';

const PROBLEMS: Record<StickerPackProblem, MessageDescriptor> = {
  validation: msg`Confira o código, o nome e a imagem.`,
  id_taken: msg`Já existe um pacote ou adesivo com este código.`,
  ...IMAGE_PROBLEMS,
  offline: msg`Você está sem internet. Conecte-se para salvar.`,
  server: msg`Não foi possível salvar. Tente de novo em alguns segundos.`,
};

const problemOf = (error: unknown): StickerPackProblem => (error instanceof StickerPackError || error instanceof AdminImageError ? error.problem : 'server');

const EMPTY_PACK: StickerPackRow = { id: '', name: '', is_premium: false, is_active: true, sort_order: 0 };
const EMPTY_STICKER: StickerRow = { id: '', pack_id: '', name: '', image_path: null, sort_order: 0 };

/**
 * /admin › Adesivos (issue 35; spec §3, §5, §6): the sticker packs covers use — list, create, edit,
 * enable and disable packs; add and edit each pack's stickers with an uploaded picture (bucket
 * store-images, the profile images' checks). A premium pack is sold in the store (a seasonal item
 * of category sticker pack grants it). The database lets only admins write.
 */
export default function StickersSection() {
  const { t } = useLingui();
  const headingId = useId();
  const formId = useId();
  const online = useOnline();
  const list = useStickerPacks();
  const savePack = useSaveStickerPack();
  const setActive = useSetStickerPackActive();
  const saveSticker = useSaveSticker();
  // one form at a time: a pack's or a sticker's (editing: undefined no form, null a new one, else the id)
  const packForm = useCatalogueForm({ empty: EMPTY_PACK, rows: list.data?.packs, problems: PROBLEMS, problemOf });
  const stickerForm = useCatalogueForm({ empty: EMPTY_STICKER, problems: PROBLEMS, problemOf });
  const { editing: editingPack, draft: pack, setDraft: setPack, failed } = packForm;
  const { editing: editingSticker, draft: sticker, setDraft: setSticker } = stickerForm;
  useLoadErrorToast(list.isError && !list.data);

  function openPack(row: StickerPackRow | null) {
    stickerForm.close();
    packForm.open(row);
  }

  function openSticker(packId: string, row: StickerRow | null) {
    packForm.close();
    const siblings = list.data?.stickers.filter((s) => s.pack_id === packId) ?? [];
    stickerForm.open(row, { pack_id: packId, sort_order: nextPlace(siblings) });
  }

  const packProblems = checkStickerDraft(pack);
  const stickerProblems = checkStickerDraft(sticker);
  // a new sticker needs its picture, and an uploaded one keeps one; only the app's own drawings
  // (the free pack, rows without a picture) are edited without one
  const hadPicture = !!editingSticker && !!list.data?.stickers.find((s) => s.id === editingSticker)?.image_path;
  const imageMissing = !sticker.image_path && (editingSticker === null || hadPicture);

  function submitPack(event: FormEvent) {
    event.preventDefault();
    packForm.attempt();
    if (Object.keys(packProblems).length > 0 || editingPack === undefined) return;
    savePack.mutate(
      { existingId: editingPack, draft: pack },
      {
        onSuccess: (saved) => {
          toast({ title: t`Pacote salvo: ${saved.name}` });
          packForm.close();
        },
        onError: failed,
      },
    );
  }

  function submitSticker(event: FormEvent) {
    event.preventDefault();
    stickerForm.attempt();
    if (Object.keys(stickerProblems).length > 0 || imageMissing || editingSticker === undefined) return;
    const replaced = editingSticker ? list.data?.stickers.find((s) => s.id === editingSticker)?.image_path : null;
    saveSticker.mutate(
      { existingId: editingSticker, draft: sticker },
      {
        onSuccess: (saved) => {
          // the picture the sticker showed before, replaced, leaves Storage
          if (replaced && replaced !== saved.image_path) void removeAdminImage(STORE_IMAGES_BUCKET, replaced);
          toast({ title: t`Adesivo salvo: ${saved.name}` });
          stickerForm.close();
        },
        onError: stickerForm.failed,
      },
    );
  }

  function toggle(row: StickerPackRow) {
    setActive.mutate(
      { id: row.id, active: !row.is_active },
      { onSuccess: (saved) => toast({ title: saved.is_active ? t`Pacote ativado: ${saved.name}` : t`Pacote desativado: ${saved.name}` }), onError: failed },
    );
  }

  const packFields =
    editingPack !== undefined ? (
      <form id={formId} onSubmit={submitPack} noValidate className={css.panel} aria-label={editingPack ? t`Editar pacote` : t`Novo pacote`}>
        <CatalogueFields formId={formId} draft={pack} onChange={setPack} idLocked={editingPack !== null} problems={packForm.tried ? packProblems : {}} nameMax={STICKER_NAME_MAX} />
        {pack.id === FREE_STICKER_PACK ? null : <LookFlags draft={pack} onChange={setPack} />}
        <EditActions editing disabled={!online || savePack.isPending} onCancel={packForm.close} saveLabel={<Trans>Salvar pacote</Trans>} />
      </form>
    ) : null;

  const stickerFields =
    editingSticker !== undefined ? (
      <form onSubmit={submitSticker} noValidate className={css.panel} aria-label={editingSticker ? t`Editar adesivo` : t`Novo adesivo`}>
        <CatalogueFields
          formId={`${formId}-sticker`}
          draft={sticker}
          onChange={setSticker}
          idLocked={editingSticker !== null}
          problems={stickerForm.tried ? stickerProblems : {}}
          nameMax={STICKER_NAME_MAX}
          orderLabel={t`Posição no pacote`}
        />
        <StoreImageField
          label={t`Imagem do adesivo`}
          value={sticker.image_path}
          onChange={(image_path) => setSticker((s) => ({ ...s, image_path }))}
          disabled={!online}
          testId="sticker-image-preview"
          keep={(key) => key}
          src={storeImageUrl}
        />
        {stickerForm.tried && imageMissing ? (
          <p className={css.muted} role="alert">
            <Trans>Envie a imagem do adesivo.</Trans>
          </p>
        ) : null}
        <EditActions editing disabled={!online || saveSticker.isPending} onCancel={stickerForm.close} saveLabel={<Trans>Salvar adesivo</Trans>} />
      </form>
    ) : null;

  const count = list.data?.packs.length ?? 0;

  return (
    <div className={css.panel} aria-labelledby={headingId} role="region" data-testid="admin-stickers">
      <h2 id={headingId} className={css.sectionTitle}>
        <Trans>Adesivos</Trans>
      </h2>
      <p className={css.muted}>
        <Trans>Os pacotes de adesivos das capas. Um pacote premium é vendido na loja sazonal (um item da categoria pacote de adesivos o libera).</Trans>
      </p>
      <div className={css.actions}>
        <button type="button" className={button.primary} onClick={() => openPack(null)} disabled={!online}>
          <Icon name="plus" />
          <Trans>Novo pacote</Trans>
        </button>
      </div>
      {editingPack === null ? packFields : null}

      {list.data ? (
        <>
          <p className={css.muted} data-testid="sticker-packs-count">
            <Plural value={count} one="# pacote" other="# pacotes" />
          </p>
          <ul className={css.list}>
            {list.data.packs.map((row) => {
              const stickers = list.data.stickers.filter((s) => s.pack_id === row.id);
              return (
                <li key={row.id} className={css.item} data-testid={`sticker-pack-${row.id}`}>
                  <span className={css.name}>{row.name}</span>
                  <p className={css.detail}>
                    {row.id} · <Plural value={stickers.length} one="# adesivo" other="# adesivos" />
                  </p>
                  <div className={css.badges}>
                    {row.is_active ? <span className={css.badge}>{t`Ativo`}</span> : <span className={css.badgeDanger}>{t`Desativado`}</span>}
                    {row.is_premium ? <span className={css.badge}>{t`Premium`}</span> : null}
                    {row.id === FREE_STICKER_PACK ? <span className={css.badge}>{t`Padrão`}</span> : null}
                  </div>
                  <RowActions
                    name={row.name}
                    onEdit={() => openPack(row)}
                    onToggle={row.id === FREE_STICKER_PACK ? undefined : () => toggle(row)}
                    active={row.is_active}
                    disabled={!online}
                    busy={setActive.isPending}
                  >
                    <button type="button" className={button.secondary} onClick={() => openSticker(row.id, null)} disabled={!online} aria-label={t`Novo adesivo em ${row.name}`}>
                      <Icon name="plus" />
                      <Trans>Novo adesivo</Trans>
                    </button>
                  </RowActions>
                  {editingPack === row.id ? packFields : null}
                  {sticker.pack_id === row.id && editingSticker === null ? stickerFields : null}
                  {stickers.length > 0 ? (
                    <ul className={css.list}>
                      {stickers.map((s) => (
                        <li key={s.id} className={css.item} data-testid={`sticker-${s.id}`}>
                          {s.image_path ? <img src={storeImageUrl(s.image_path)} alt="" width={48} height={48} style={{ objectFit: 'contain' }} /> : null}
                          <span className={css.name}>{s.name}</span>
                          <p className={css.detail}>{s.image_path ? s.id : t`${s.id} · desenhado pelo app`}</p>
                          <RowActions name={s.name} onEdit={() => openSticker(row.id, s)} disabled={!online} />
                          {editingSticker === s.id ? stickerFields : null}
                        </li>
                      ))}
                    </ul>
                  ) : null}
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
