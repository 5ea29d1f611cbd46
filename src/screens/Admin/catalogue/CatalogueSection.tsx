import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { FormField } from '../../../components/FormField.tsx';
import { Icon } from '../../../components/Icon.tsx';
import { useOnline } from '../../../components/frame/useOnline.ts';
import * as f from '../../../components/form.css.ts';
import { button } from '../../../components/ui.css.ts';
import {
  CURRENCIES,
  emptyDraft,
  formatPrice,
  ITEM_TYPES,
  STORE_CATEGORIES,
  StoreError,
  validateDraft,
  type ItemDraft,
  type SeasonalItem,
} from '../../../data/online/store.ts';
import { useSessionStore } from '../../../state/session.ts';
import { toast } from '../../../state/toast.ts';
import { useCatalogue, useGrantBeta, useSaveItem, useSetItemActive } from '../../online/hooks/store.ts';
import { categoryName, itemTypeName, storeProblemMessage } from '../../online/store/messages.ts';
import { SAVE_ERROR_TITLE } from '../admin-messages.ts';
import { useLoadErrorToast } from '../useLoadErrorToast.ts';
import { NotLoaded } from '../NotLoaded.tsx';
import { EditActions } from '../EditActions.tsx';
import { StoreImageField } from '../StoreImageField.tsx';
import * as css from '../admin.css.ts';

/** A timestamptz for <input type="datetime-local"> (local time) and back. */
const toLocalInput = (iso: string | null) => (iso ? new Date(new Date(iso).getTime() - new Date(iso).getTimezoneOffset() * 60000).toISOString().slice(0, 16) : '');
const fromLocalInput = (value: string) => (value ? new Date(value).toISOString() : null);

/**
 * /admin › Catálogo (issue 35; spec §3, §5): the seasonal items — create, edit, enable and
 * disable — and who may use the store in its beta. The database checks the same rules (name
 * required, a price for exclusive items) and lets only admins write (supabase/schemas/store.sql).
 */
export default function CatalogueSection() {
  const { t, i18n } = useLingui();
  const headingId = useId();
  const formId = useId();
  const online = useOnline();
  const adminId = useSessionStore((s) => s.userId) ?? '';
  const items = useCatalogue();
  const save = useSaveItem();
  const setActive = useSetItemActive();
  const grant = useGrantBeta(adminId);
  const [editing, setEditing] = useState<string | null | undefined>(undefined);
  const [draft, setDraft] = useState<ItemDraft>(emptyDraft);
  const [price, setPrice] = useState('');
  const [tried, setTried] = useState(false);
  const [username, setUsername] = useState('');
  useLoadErrorToast(items.isError && !items.data);

  const saveError = (error: unknown) =>
    toast({ title: i18n._(SAVE_ERROR_TITLE), description: i18n._(storeProblemMessage(error instanceof StoreError ? error.problem : 'server')), variant: 'destructive' });

  function open(item: SeasonalItem | null) {
    const { id: _id, ...fields } = item ?? { id: null, ...emptyDraft() };
    setDraft(fields);
    setPrice(item?.price_cents ? (item.price_cents / 100).toFixed(2) : '');
    setTried(false);
    setEditing(item?.id ?? null);
  }

  const priceCents = price.trim() === '' ? null : Math.round(Number(price.replace(',', '.')) * 100);
  const candidate: ItemDraft = { ...draft, price_cents: priceCents !== null && Number.isNaN(priceCents) ? -1 : priceCents };
  const problems = validateDraft(candidate);
  const shown = tried ? problems : {};

  function submit(event: FormEvent) {
    event.preventDefault();
    setTried(true);
    if (Object.keys(problems).length > 0 || editing === undefined) return;
    save.mutate(
      { id: editing, draft: candidate },
      {
        onSuccess: (saved) => {
          toast({ title: t`Item salvo: ${saved.name}` });
          setEditing(undefined);
        },
        onError: saveError,
      },
    );
  }

  function toggle(item: SeasonalItem) {
    setActive.mutate(
      { id: item.id, active: !item.is_active },
      { onSuccess: (saved) => toast({ title: saved.is_active ? t`Item ativado: ${saved.name}` : t`Item desativado: ${saved.name}` }), onError: saveError },
    );
  }

  function grantAccess(event: FormEvent) {
    event.preventDefault();
    const name = username.trim();
    if (!name) return;
    grant.mutate(name, {
      onSuccess: () => {
        toast({ title: t`Acesso à loja liberado para @${name}` });
        setUsername('');
      },
      onError: (error) =>
        toast({
          title: i18n._(SAVE_ERROR_TITLE),
          description: error instanceof StoreError && error.problem === 'validation' ? t`Nenhuma conta com este nome de usuário.` : i18n._(storeProblemMessage('server')),
          variant: 'destructive',
        }),
    });
  }

  const select = (id: string, label: ReactNode, value: string, options: readonly string[], name: (o: string) => string, onChange: (v: string) => void) => (
    <div className={f.field}>
      <label htmlFor={id} className={f.label}>
        {label}
      </label>
      <select id={id} className={f.input} value={value} onChange={(e) => onChange(e.target.value)}>
        {options.map((o) => (
          <option key={o} value={o}>
            {name(o)}
          </option>
        ))}
      </select>
    </div>
  );
  const problemText = (problem: 'required' | 'invalid' | undefined, required: string, invalid: string) =>
    problem === 'required' ? required : problem === 'invalid' ? invalid : undefined;

  return (
    <div className={css.panel} aria-labelledby={headingId} role="region" data-testid="admin-catalogue">
      <h2 id={headingId} className={css.sectionTitle}>
        <Trans>Catálogo da loja sazonal</Trans>
      </h2>
      <div className={css.actions}>
        <button type="button" className={button.primary} onClick={() => open(null)} disabled={!online}>
          <Icon name="plus" />
          <Trans>Novo item</Trans>
        </button>
      </div>

      {editing !== undefined && (
        <form id={formId} onSubmit={submit} noValidate className={css.panel} aria-label={editing ? t`Editar item` : t`Novo item`}>
          <FormField
            id={`${formId}-name`}
            label={t`Nome`}
            value={draft.name}
            maxLength={80}
            onChange={(e) => setDraft({ ...draft, name: e.target.value })}
            error={problemText(shown.name, t`O nome é obrigatório.`, t`O nome pode ter até 80 caracteres.`)}
          />
          {select(`${formId}-category`, t`Categoria`, draft.category, STORE_CATEGORIES, (o) => i18n._(categoryName(o as ItemDraft['category'])), (v) =>
            setDraft({ ...draft, category: v as ItemDraft['category'] }),
          )}
          <FormField
            id={`${formId}-ref`}
            label={t`Código do tema, papel ou pacote que o item libera`}
            hint={t`Por exemplo galaxy ou kraft (letras minúsculas, números e hífens).`}
            value={draft.grants_ref ?? ''}
            onChange={(e) => setDraft({ ...draft, grants_ref: e.target.value || null })}
            error={problemText(shown.grants_ref, '', t`Use só letras minúsculas, números e hífens (2 a 40).`)}
          />
          <FormField
            id={`${formId}-season`}
            label={t`Código da temporada`}
            hint={t`Por exemplo verao-2026.`}
            value={draft.season_id}
            onChange={(e) => setDraft({ ...draft, season_id: e.target.value })}
            error={problemText(shown.season_id, t`O código da temporada é obrigatório.`, t`Use só letras minúsculas, números e hífens (2 a 40).`)}
          />
          <FormField
            id={`${formId}-season-name`}
            label={t`Nome da temporada`}
            value={draft.season_name}
            onChange={(e) => setDraft({ ...draft, season_name: e.target.value })}
            error={problemText(shown.season_name, t`O nome da temporada é obrigatório.`, '')}
          />
          {select(`${formId}-type`, t`Tipo`, draft.item_type, ITEM_TYPES, (o) => i18n._(itemTypeName(o as ItemDraft['item_type'])), (v) =>
            setDraft({ ...draft, item_type: v as ItemDraft['item_type'] }),
          )}
          <FormField
            id={`${formId}-price`}
            label={t`Preço`}
            inputMode="decimal"
            hint={t`Em ${draft.currency}, com centavos. Vazio ou 0: grátis.`}
            value={price}
            onChange={(e) => setPrice(e.target.value)}
            error={problemText(shown.price_cents, t`Itens exclusivos precisam de um preço.`, t`Preço inválido (um item grátis não tem preço).`)}
          />
          {select(`${formId}-currency`, t`Moeda`, draft.currency, CURRENCIES, (o) => o, (v) => setDraft({ ...draft, currency: v as ItemDraft['currency'] }))}
          <FormField
            id={`${formId}-from`}
            type="datetime-local"
            label={t`Válido a partir de`}
            value={toLocalInput(draft.valid_from)}
            onChange={(e) => setDraft({ ...draft, valid_from: fromLocalInput(e.target.value) })}
          />
          <FormField
            id={`${formId}-until`}
            type="datetime-local"
            label={t`Válido até`}
            value={toLocalInput(draft.valid_until)}
            onChange={(e) => setDraft({ ...draft, valid_until: fromLocalInput(e.target.value) })}
            error={problemText(shown.valid_until, '', t`O fim precisa ser depois do início.`)}
          />
          <StoreImageField label={t`Imagem principal (opcional)`} value={draft.image_url} onChange={(image_url) => setDraft((d) => ({ ...d, image_url }))} disabled={!online} testId="item-image" />
          <StoreImageField label={t`Imagem de prévia (opcional)`} value={draft.preview_url} onChange={(preview_url) => setDraft((d) => ({ ...d, preview_url }))} disabled={!online} testId="item-preview" />
          <label className={css.row}>
            <input type="checkbox" checked={draft.is_active} onChange={(e) => setDraft({ ...draft, is_active: e.target.checked })} />
            <Trans>Ativo (à venda)</Trans>
          </label>
          <label className={css.row}>
            <input type="checkbox" checked={draft.is_featured} onChange={(e) => setDraft({ ...draft, is_featured: e.target.checked })} />
            <Trans>Destaque</Trans>
          </label>
          <EditActions editing disabled={!online || save.isPending} onCancel={() => setEditing(undefined)} saveLabel={<Trans>Salvar item</Trans>} />
        </form>
      )}

      {items.data ? (
        items.data.length === 0 ? (
          <p className={css.muted}>
            <Trans>Nenhum item no catálogo ainda.</Trans>
          </p>
        ) : (
          <ul className={css.list}>
            {items.data.map((item) => (
              <li key={item.id} className={css.item} data-testid={`catalogue-item-${item.name}`}>
                <span className={css.name}>{item.name}</span>
                <p className={css.detail}>
                  {item.season_name} · {i18n._(categoryName(item.category))} · {i18n._(itemTypeName(item.item_type))} ·{' '}
                  {item.price_cents ? formatPrice(item.price_cents, item.currency, i18n.locale) : t`Grátis`}
                </p>
                <div className={css.badges}>
                  {item.is_active ? <span className={css.badge}>{t`Ativo`}</span> : <span className={css.badgeDanger}>{t`Desativado`}</span>}
                  {item.is_featured && <span className={css.badge}>{t`Destaque`}</span>}
                </div>
                <div className={css.actions}>
                  <button type="button" className={button.secondary} onClick={() => open(item)} disabled={!online}>
                    <Icon name="pencil" />
                    <Trans>Editar</Trans>
                  </button>
                  <button type="button" className={button.secondary} onClick={() => toggle(item)} disabled={!online || setActive.isPending}>
                    {item.is_active ? <Trans>Desativar</Trans> : <Trans>Ativar</Trans>}
                  </button>
                </div>
              </li>
            ))}
          </ul>
        )
      ) : (
        <NotLoaded failed={items.isError} onRetry={() => void items.refetch()} />
      )}

      <form onSubmit={grantAccess} className={css.row} aria-label={t`Acesso à loja em teste`}>
        <div className={css.grow}>
          <FormField id={`${formId}-beta`} label={t`Liberar a loja em teste para (nome de usuário)`} value={username} onChange={(e) => setUsername(e.target.value)} />
        </div>
        <button type="submit" className={button.secondary} disabled={!online || grant.isPending}>
          <Trans>Liberar acesso</Trans>
        </button>
      </form>
    </div>
  );
}
