import { msg } from '@lingui/core/macro';
import type { I18n, MessageDescriptor } from '@lingui/core';
import type { AchievementId, Award, Rarity } from '../../data/online/achievements.ts';

/**
 * The achievements' words (issue 31): the server speaks in codes (supabase/schemas/
 * reference_data.sql's catalogue ids, rarity codes); the names, what each asks and the rarities
 * are written here, in both languages — the one home of these words for the profile, its toasts
 * and News. An achievement an admin added later has no words here: its catalogue name is shown instead.
 */
export const ACHIEVEMENT_NAMES: Record<AchievementId, MessageDescriptor> = {
  first_visit: msg`Primeira visita`,
  first_notebook: msg`Primeiro caderno`,
  prolific_creator: msg`Criador prolífico`,
  participative: msg`Participativo`,
  explorer: msg`Explorador`,
  collaborative: msg`Colaborativo`,
  influencer: msg`Influenciador`,
  veteran: msg`Veterano`,
};

export const ACHIEVEMENT_DESCRIPTIONS: Record<AchievementId, MessageDescriptor> = {
  first_visit: msg`Entrou nos Cadernos pela primeira vez.`,
  first_notebook: msg`Criou o primeiro caderno.`,
  prolific_creator: msg`Criou 5 cadernos.`,
  participative: msg`Deu 10 respostas aprovadas, assinadas.`,
  explorer: msg`Respondeu cadernos de 3 pessoas diferentes.`,
  collaborative: msg`Colaborou em um caderno, ou teve alguém colaborando no seu.`,
  influencer: msg`Compartilhou seus cadernos com 10 pessoas.`,
  veteran: msg`Está nos Cadernos há um ano.`,
};

export const RARITY_NAMES: Record<Rarity, MessageDescriptor> = {
  common: msg`Comum`,
  uncommon: msg`Incomum`,
  rare: msg`Rara`,
  epic: msg`Épica`,
  legendary: msg`Lendária`,
};

const known = (id: string): id is AchievementId => id in ACHIEVEMENT_NAMES;

/** The achievement's name in the active language. */
export function achievementName(i18n: I18n, award: Pick<Award, 'id' | 'catalogueName'>): string {
  if (known(award.id)) return i18n._(ACHIEVEMENT_NAMES[award.id]);
  return i18n.locale === 'en-US' ? award.catalogueName.en : award.catalogueName.pt;
}

/** What the achievement asks, or null for one the app has no words for. */
export function achievementDescription(i18n: I18n, id: string): string | null {
  return known(id) ? i18n._(ACHIEVEMENT_DESCRIPTIONS[id]) : null;
}

export function rarityName(i18n: I18n, rarity: Rarity): string {
  return i18n._(RARITY_NAMES[rarity] ?? RARITY_NAMES.common);
}
