import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import * as f from '../../../components/form.css.ts';
import { button } from '../../../components/ui.css.ts';
import type { CoverSticker } from '../../../data/schemas/notebooks.ts';
import { Icon, type IconName } from '../../../components/Icon.tsx';
import type { CataloguePaper } from '../../../data/online/paper-catalogue.ts';
import type { CatalogueCoverStyle } from '../../../data/online/cover-catalogue.ts';
import type { CatalogueTheme } from '../../../data/online/theme-catalogue.ts';
import { THEME_PALETTES } from '../../../styles/theme-colors.ts';
import { DEFAULT_COVER_STYLE, FREE_STICKERS, NOTEBOOK_THEMES, PAPER_STYLES, STICKER_BORDERS, STORE_PAPERS, STORE_THEMES, isAppTheme, isPaperStyle, isStickerId } from './appearance.ts';
import { StickerArt } from './StickerArt.tsx';
import { useStickerCatalogue } from './usePaperCatalogue.ts';
import { BORDER_LABELS, PAPER_LABELS, STICKER_LABELS, THEME_LABELS } from './appearance-labels.ts';
import { MAX_STICKERS, ROTATION_STEP, SIZE_STEP, addSticker, flipLayer, moveSticker, removeSticker, resizeSticker, rotateSticker } from './stickers.ts';
import * as editor from '../common/editor.css.ts';
import * as css from './controls.css.ts';


interface ChoiceGroupProps<T extends string> {
  name: string;
  legend: ReactNode;
  options: readonly T[];
  value: T;
  label: (option: T) => string;
  onChange: (option: T) => void;
  disabled?: boolean;
  decorate?: (option: T) => ReactNode;
  /** Options shown but not chosen (a store theme the person does not own). */
  unavailable?: (option: T) => boolean;
  /** Said under the choices (the store's link). */
  footer?: ReactNode;
}

/** A set of radio buttons drawn as chips: one choice, arrow keys move between them. */
function ChoiceGroup<T extends string>({ name, legend, options, value, label, onChange, disabled, decorate, unavailable, footer }: ChoiceGroupProps<T>) {
  return (
    <fieldset className={f.fieldset} disabled={disabled}>
      <legend className={f.legend}>{legend}</legend>
      <div className={css.choices}>
        {options.map((option) => (
          <label key={option} className={css.choice}>
            <input
              type="radio"
              className={css.choiceInput}
              name={name}
              value={option}
              checked={value === option}
              disabled={unavailable?.(option) && value !== option}
              onChange={() => onChange(option)}
            />
            {decorate?.(option)}
            {label(option)}
          </label>
        ))}
      </div>
      {footer}
    </fieldset>
  );
}

/**
 * Store looks (issue 35) in a picker: an option of the seasonal store the person does not own
 * (`owned`: what they own; undefined before the first read) is marked "na loja", cannot be chosen,
 * and the picker says where to get it. The one pattern of the theme and paper pickers.
 */
function useStoreMarks<T extends string>(store: readonly string[], owned: readonly string[] | undefined) {
  const { t } = useLingui();
  const inStore = (option: T) => store.includes(option) && !(owned ?? []).includes(option);
  const mark = (option: T, name: string) => (inStore(option) ? t`${name} (na loja)` : name);
  return { inStore, mark };
}

/**
 * The notebook's colour. With `owned` (the themes the person owns from the seasonal store, issue
 * 35), the store's themes are offered too: owned ones to choose, the others marked "na loja" with
 * a link to the store. With `catalogue` (the device's copy of the active notebook_themes rows,
 * useThemeCatalogue), the themes admins added are offered by their name and colour — a premium one
 * as a store theme —; a theme the catalogue no longer lists (disabled) is left out unless the
 * notebook uses it. A notebook already using a store theme keeps it checked.
 */
export function ThemePicker({
  value,
  onChange,
  disabled,
  name = 'theme',
  owned,
  catalogue,
}: {
  value: string;
  onChange: (theme: string) => void;
  disabled?: boolean;
  name?: string;
  owned?: readonly string[];
  catalogue?: readonly CatalogueTheme[] | null;
}) {
  const { i18n } = useLingui();
  const listed = new Set(catalogue?.map((c) => c.id));
  const shown = (id: string) => !catalogue || listed.has(id) || id === value;
  const added = (catalogue ?? []).filter((c) => !isAppTheme(c.id));
  const addedStore = added.filter((c) => c.is_premium).map((c) => c.id);
  const withStore = owned !== undefined || (STORE_THEMES as readonly string[]).includes(value) || addedStore.includes(value);
  const options: readonly string[] = [
    ...NOTEBOOK_THEMES.filter(shown),
    ...(withStore ? STORE_THEMES.filter(shown) : []),
    ...added.filter((c) => withStore || !c.is_premium).map((c) => c.id),
  ];
  const { inStore, mark } = useStoreMarks<string>([...STORE_THEMES, ...addedStore], owned);
  const missing = withStore && options.some(inStore);
  const label = (theme: string) => (isAppTheme(theme) ? i18n._(THEME_LABELS[theme]) : (added.find((c) => c.id === theme)?.name ?? theme));
  const swatch = (theme: string) => (isAppTheme(theme) ? THEME_PALETTES[theme].cover : added.find((c) => c.id === theme)?.colors.cover);
  return (
    <ChoiceGroup
      name={name}
      legend={<Trans>Cor do caderno</Trans>}
      options={options}
      value={options.includes(value) ? value : 'purple'}
      label={(theme) => mark(theme, label(theme))}
      onChange={onChange}
      disabled={disabled}
      unavailable={inStore}
      decorate={(theme) => <span className={css.swatch} style={{ background: swatch(theme) }} aria-hidden="true" />}
      footer={
        missing ? (
          <p className={f.hint} data-testid="themes-in-store">
            <Trans>
              Temas marcados «na loja» podem ser pegos na <Link href="/loja-sazonal">loja sazonal</Link>.
            </Trans>
          </p>
        ) : null
      }
    />
  );
}

/**
 * The notebook's paper: the server's paper_styles catalogue — the papers the app draws
 * (src/styles/paper-styles.ts) and, with `catalogue` (the device's copy of the active rows,
 * usePaperCatalogue), the ones admins added since, by their name; a paper the catalogue no longer
 * lists (disabled) is left out unless the notebook uses it. The store's papers (premium rows) are
 * offered to the people who own them (`owned`, issue 35) and marked "na loja" with a link for the
 * others; a notebook already on one keeps it checked.
 */
export function PaperPicker({
  value,
  onChange,
  disabled,
  owned,
  catalogue,
}: {
  value: string;
  onChange: (paper: string) => void;
  disabled?: boolean;
  owned?: readonly string[];
  catalogue?: readonly CataloguePaper[] | null;
}) {
  const { i18n } = useLingui();
  const listed = new Set(catalogue?.map((p) => p.id));
  const drawn = (PAPER_STYLES as readonly string[]).filter((id) => !catalogue || listed.has(id) || id === value);
  const added = (catalogue ?? []).filter((p) => !isPaperStyle(p.id));
  const options = [...drawn, ...added.map((p) => p.id)];
  const store = [...STORE_PAPERS, ...added.filter((p) => p.is_premium).map((p) => p.id)];
  const { inStore, mark } = useStoreMarks<string>(store, owned);
  const name = (paper: string) => (isPaperStyle(paper) ? i18n._(PAPER_LABELS[paper]) : (added.find((p) => p.id === paper)?.name ?? paper));
  return (
    <ChoiceGroup
      name="paper"
      legend={<Trans context="paper style">Papel</Trans>}
      options={options}
      value={options.includes(value) ? value : 'lined-blue'}
      label={(paper) => mark(paper, name(paper))}
      onChange={onChange}
      disabled={disabled}
      unavailable={inStore}
      footer={
        options.some(inStore) ? (
          <p className={f.hint} data-testid="papers-in-store">
            <Trans>
              Papéis marcados «na loja» podem ser pegos na <Link href="/loja-sazonal">loja sazonal</Link>.
            </Trans>
          </p>
        ) : null
      }
    />
  );
}

/**
 * The cover's style (issue 35): the plain cover and the styles admins added (`catalogue`: the
 * device's copy of the active cover_styles rows, useCoverCatalogue), by their name; a premium one
 * is offered to the people who own it (`owned`) and marked "na loja" with a link for the others, as
 * the paper picker does; a style the catalogue no longer lists (disabled) is left out unless the
 * cover uses it. Before the catalogue's first read only the plain cover is offered.
 */
export function CoverStylePicker({
  value,
  onChange,
  disabled,
  owned,
  catalogue,
}: {
  value: string | undefined;
  onChange: (style: string) => void;
  disabled?: boolean;
  owned?: readonly string[];
  catalogue?: readonly CatalogueCoverStyle[] | null;
}) {
  const { t } = useLingui();
  const current = value || DEFAULT_COVER_STYLE;
  const added = (catalogue ?? []).filter((c) => c.id !== DEFAULT_COVER_STYLE);
  const options = [DEFAULT_COVER_STYLE, ...added.map((c) => c.id), ...(current !== DEFAULT_COVER_STYLE && !added.some((c) => c.id === current) ? [current] : [])];
  const { inStore, mark } = useStoreMarks<string>(added.filter((c) => c.is_premium).map((c) => c.id), owned);
  const name = (style: string) => (style === DEFAULT_COVER_STYLE ? t`Capa lisa` : (added.find((c) => c.id === style)?.name ?? style));
  return (
    <ChoiceGroup
      name="cover-style"
      legend={<Trans>Estilo da capa</Trans>}
      options={options}
      value={current}
      label={(style) => mark(style, name(style))}
      onChange={onChange}
      disabled={disabled}
      unavailable={inStore}
      footer={
        options.some(inStore) ? (
          <p className={f.hint} data-testid="covers-in-store">
            <Trans>
              Estilos de capa marcados «na loja» podem ser pegos na <Link href="/loja-sazonal">loja sazonal</Link>.
            </Trans>
          </p>
        ) : null
      }
    />
  );
}

const BORDERS = ['none', ...STICKER_BORDERS] as const;

export function BorderPicker({ value, onChange, disabled }: { value: string | null; onChange: (border: string | null) => void; disabled?: boolean }) {
  const { i18n } = useLingui();
  const current = (BORDERS as readonly string[]).includes(value ?? '') ? (value as (typeof BORDERS)[number]) : 'none';
  return (
    <ChoiceGroup
      name="border"
      legend={<Trans>Borda da capa</Trans>}
      options={BORDERS}
      value={current}
      label={(border) => i18n._(BORDER_LABELS[border])}
      onChange={(border) => onChange(border === 'none' ? null : border)}
      disabled={disabled}
    />
  );
}

/**
 * The cover's stickers: add from the free set and the packs admins added (the device's copy of the
 * sticker catalogue, useStickerCatalogue), then per sticker its place (arrow buttons; the preview
 * also lets a finger drag it), size, rotation, front or back of the label, and remove — all
 * buttons, so a keyboard or a screen reader can do it. With `owned` (the packs the person owns
 * from the seasonal store, issue 35) the premium packs' stickers are offered too: owned ones to
 * add, the others marked "na loja" with a link to the store.
 */
export function StickerEditor({
  stickers,
  onChange,
  disabled,
  owned,
}: {
  stickers: CoverSticker[];
  onChange: (stickers: CoverSticker[]) => void;
  disabled?: boolean;
  owned?: readonly string[];
}) {
  const { t, i18n } = useLingui();
  const full = stickers.length >= MAX_STICKERS;
  const catalogue = useStickerCatalogue();
  const added = (catalogue ?? []).filter((s) => !isStickerId(s.id) && (owned !== undefined || !s.is_premium));
  const store = added.filter((s) => s.is_premium).map((s) => s.id);
  const ownedStickers = owned === undefined ? undefined : added.filter((s) => owned.includes(s.pack_id)).map((s) => s.id);
  const { inStore, mark } = useStoreMarks<string>(store, ownedStickers);
  const options: readonly string[] = [...FREE_STICKERS, ...added.map((s) => s.id)];
  const nameOf = (id: string) => (isStickerId(id) ? i18n._(STICKER_LABELS[id]) : (catalogue?.find((s) => s.id === id)?.name ?? id));
  return (
    <fieldset className={f.fieldset} disabled={disabled} data-testid="sticker-editor">
      <legend className={f.legend}>
        <Trans>Adesivos</Trans>
      </legend>
      <div className={css.stickerPalette}>
        {options.map((id) => (
          <button
            key={id}
            type="button"
            className={`${button.secondary} ${css.stickerButton}`}
            disabled={full || inStore(id)}
            aria-label={t`Adicionar adesivo: ${mark(id, nameOf(id))}`}
            title={inStore(id) ? mark(id, nameOf(id)) : undefined}
            data-in-store={inStore(id) ? 'true' : undefined}
            onClick={() => onChange(addSticker(stickers, id))}
          >
            <StickerArt id={id} className={css.stickerArt} />
          </button>
        ))}
      </div>
      {options.some(inStore) ? (
        <p className={f.hint} data-testid="stickers-in-store">
          <Trans>
            Adesivos apagados estão «na loja»: podem ser pegos na <Link href="/loja-sazonal">loja sazonal</Link>.
          </Trans>
        </p>
      ) : null}
      {full ? (
        <p className={editor.muted}>
          <Plural value={MAX_STICKERS} one="A capa já tem o máximo de # adesivo." other="A capa já tem o máximo de # adesivos." />
        </p>
      ) : null}
      {stickers.length > 0 ? (
        <ul className={css.stickerList}>
          {stickers.map((sticker, index) => {
            const name = nameOf(sticker.id);
            const size = sticker.size;
            const rotation = sticker.rotation;
            const step = (label: string, icon: IconName, change: CoverSticker[], ghost = false) => (
              <button type="button" className={`${ghost ? button.ghost : button.secondary} ${editor.small}`} aria-label={label} onClick={() => onChange(change)}>
                <Icon name={icon} />
              </button>
            );
            return (
              <li key={`${sticker.id}-${index}`} className={css.stickerRow}>
                <span className={css.stickerRowTitle}>
                  <StickerArt id={sticker.id} className={css.stickerArt} />
                  <span>
                    {name} · <Trans>tamanho {size}</Trans> · <Trans>{rotation}°</Trans> ·{' '}
                    {sticker.layer === 'back' ? <Trans>atrás do título</Trans> : <Trans>na frente do título</Trans>}
                  </span>
                </span>
                <span className={css.stickerButtons} role="group" aria-label={t`Posição de ${name}`}>
                  {step(t`Mover ${name} para cima`, 'arrow-up', moveSticker(stickers, index, 0, -1))}
                  {step(t`Mover ${name} para baixo`, 'arrow-down', moveSticker(stickers, index, 0, 1))}
                  {step(t`Mover ${name} para a esquerda`, 'arrow-left', moveSticker(stickers, index, -1, 0))}
                  {step(t`Mover ${name} para a direita`, 'arrow-right', moveSticker(stickers, index, 1, 0))}
                </span>
                <span className={css.stickerButtons}>
                  {step(t`Aumentar ${name}`, 'plus', resizeSticker(stickers, index, SIZE_STEP))}
                  {step(t`Diminuir ${name}`, 'minus', resizeSticker(stickers, index, -SIZE_STEP))}
                  {step(t`Girar ${name}`, 'rotate', rotateSticker(stickers, index, ROTATION_STEP))}
                  <button
                    type="button"
                    className={`${button.secondary} ${editor.small}`}
                    aria-label={sticker.layer === 'back' ? t`Pôr ${name} na frente do título` : t`Pôr ${name} atrás do título`}
                    onClick={() => onChange(flipLayer(stickers, index))}
                  >
                    {sticker.layer === 'back' ? <Trans>Para a frente</Trans> : <Trans>Para trás</Trans>}
                  </button>
                  {step(t`Remover ${name}`, 'close', removeSticker(stickers, index), true)}
                </span>
              </li>
            );
          })}
        </ul>
      ) : null}
    </fieldset>
  );
}
