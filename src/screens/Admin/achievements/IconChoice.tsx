import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import * as f from '../../../components/form.css.ts';
import { ACHIEVEMENT_ICONS, type AchievementIconName } from '../../../data/online/achievement-icons.ts';
import { AchievementIcon } from '../../online/AchievementIcon.tsx';
import * as css from './icon-choice.css.ts';

/** Each drawn icon's name, for the radio's label (a screen reader says it; the drawing is hidden). */
export const ICON_NAMES: Record<AchievementIconName, MessageDescriptor> = {
  'door-open': msg`Porta aberta`,
  notebook: msg`Caderno`,
  notebooks: msg`Cadernos`,
  pencil: msg`Lápis`,
  compass: msg`Bússola`,
  handshake: msg`Aperto de mãos`,
  megaphone: msg`Megafone`,
  medal: msg`Medalha`,
  star: msg`Estrela`,
  heart: msg`Coração`,
  trophy: msg`Troféu`,
  users: msg`Pessoas`,
};

/**
 * The achievement's icon (achievements.icon): one of the icons the app draws (ACHIEVEMENT_ICONS,
 * inline SVG), or none — radios, so the keyboard moves through them with the arrows.
 */
export function IconChoice({ name, value, onChange }: { name: string; value: AchievementIconName | null; onChange: (icon: AchievementIconName | null) => void }) {
  const { i18n } = useLingui();
  return (
    <fieldset className={f.fieldset} data-testid="achievement-icon">
      <legend className={f.legend}>
        <Trans>Ícone</Trans>
      </legend>
      <div className={css.choices}>
        <label className={css.choice}>
          <input type="radio" className={css.input} name={name} value="" checked={value === null} onChange={() => onChange(null)} />
          <Trans>Nenhum</Trans>
        </label>
        {ACHIEVEMENT_ICONS.map((icon) => (
          <label key={icon} className={css.choice}>
            <input type="radio" className={css.input} name={name} value={icon} checked={value === icon} onChange={() => onChange(icon)} />
            <AchievementIcon name={icon} />
            {i18n._(ICON_NAMES[icon])}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
