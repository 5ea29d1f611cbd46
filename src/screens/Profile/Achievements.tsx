import { Plural, Trans, useLingui } from '@lingui/react/macro';
import type { Award } from '../../data/online/achievements.ts';
import type { FullProfile } from '../../data/online/profile.ts';
import { useAchievementsOf } from '../online/hooks/achievements.ts';
import { achievementDescription, achievementName, rarityName } from '../online/achievement-messages.ts';
import { AchievementIcon } from '../online/AchievementIcon.tsx';
import * as page from './Profile.css.ts';
import * as css from './Achievements.css.ts';

/** What the profile's own read (profile_view) says of the awards, until the area's read answers. */
const fromProfile = (profile: FullProfile): Award[] =>
  profile.achievements.map((a) => ({
    awardId: `${profile.id}:${a.id}`,
    id: a.id,
    type: 'general',
    rarity: a.rarity,
    points: a.points,
    level: 1,
    earnedAt: a.earned_at,
    catalogueName: { pt: a.name_pt, en: a.name_en },
    icon: null,
  }));

/**
 * A profile's achievements (spec §2, §3; issue 31): each with its name, rarity and points, and what
 * it asks. Mine show at once and as they are earned; someone else's from the day after each (the
 * server decides: only the day of an award is kept, so an award never dates an anonymous answer).
 */
export function ProfileAchievements({ profile }: { profile: FullProfile }) {
  const { i18n } = useLingui();
  const query = useAchievementsOf(profile.id, profile.is_self, fromProfile(profile));
  const awards = query.data ?? [];
  const points = awards.reduce((sum, a) => sum + a.points, 0);
  const count = awards.length;
  return (
    <section className={page.section} aria-labelledby="profile-achievements" data-testid="profile-achievements">
      <h2 id="profile-achievements" className={page.sectionTitle}>
        <Trans>Conquistas</Trans>
      </h2>
      {count === 0 ? (
        <p className={page.muted}>
          {profile.is_self ? <Trans>Você ainda não tem conquistas.</Trans> : <Trans>Nenhuma conquista à mostra ainda. As novas aparecem aqui no dia seguinte.</Trans>}
        </p>
      ) : (
        <>
          <p className={page.muted}>
            <Plural value={count} one="# conquista" other="# conquistas" />
            {' · '}
            <Plural value={points} one="# ponto" other="# pontos" />
          </p>
          <ul className={css.list}>
            {awards.map((award) => {
              const description = achievementDescription(i18n, award.id);
              const awardPoints = award.points;
              return (
                <li key={award.id} className={css.item} data-achievement={award.id}>
                  <p className={css.name}>
                    {award.icon ? <AchievementIcon name={award.icon} /> : null}
                    {achievementName(i18n, award)}
                  </p>
                  <p className={css.points}>
                    <Plural value={awardPoints} one="# ponto" other="# pontos" />
                  </p>
                  <p className={css.details}>
                    <span className={css.rarity}>{rarityName(i18n, award.rarity)}</span>
                    {description}
                  </p>
                </li>
              );
            })}
          </ul>
        </>
      )}
    </section>
  );
}
