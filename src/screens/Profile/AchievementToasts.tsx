import { useEffect } from 'react';
import { plural, t } from '@lingui/core/macro';
import { i18n } from '@lingui/core';
import { useOnline } from '../../components/frame/useOnline.ts';
import { fetchAward, recordVisit, type Award } from '../../data/online/achievements.ts';
import type { AwardNotice } from '../../data/queries/achievements.ts';
import { loadCatalogArea } from '../../locale/i18n.ts';
import { useDataLayer } from '../../state/data-layer.ts';
import { toastWhenFree } from '../../state/toast.ts';
import { achievementName, rarityName } from '../online/achievement-messages.ts';

/** People whose visit this app run has told the server of (once per run, retried after a failure). */
const visited = new Set<string>();

/**
 * The signed-in app's achievements, wherever the person is (issue 31; mounted by the shell, in a
 * chunk of its own): it tells the server of the visit (first visit, veteran), and shows a toast
 * for each new award the data layer announces — an 'achievement_earned' notification this device
 * has not announced yet, whether the award came from a write just made or from one made offline
 * that reached the server later. The names are the profile screens' (their catalog loads first).
 */
export default function AchievementToasts() {
  const data = useDataLayer();
  const layer = data.status === 'ready' ? data.layer : null;
  const online = useOnline();

  useEffect(() => {
    if (!layer || !online || visited.has(layer.userId)) return;
    const userId = layer.userId;
    visited.add(userId);
    // a refusal or a lost request: told again the next time the app is online
    recordVisit().catch(() => visited.delete(userId));
  }, [layer, online]);

  useEffect(() => {
    if (!layer) return;
    const subscription = layer.api.queries.newAchievementAwards().subscribe((notices) => void announce(notices));
    return () => subscription.unsubscribe();
  }, [layer]);

  return null;
}

async function announce(notices: AwardNotice[]): Promise<void> {
  const [awards] = await Promise.all([
    Promise.all(notices.map((n) => (n.awardId ? fetchAward(n.awardId).catch(() => null) : Promise.resolve(null)))),
    loadCatalogArea('profiles').catch(() => undefined),
  ]);
  const known = awards.filter((a): a is Award => a !== null);
  if (known.length === 1 && notices.length === 1) {
    const [award] = known;
    const name = achievementName(i18n, award);
    const rarity = rarityName(i18n, award.rarity);
    const points = plural(award.points, { one: '# ponto', other: '# pontos' });
    toastWhenFree({ title: t`Nova conquista: ${name}`, description: `${rarity} · ${points}` });
  } else if (known.length === notices.length) {
    const names = known.map((award) => achievementName(i18n, award)).join(', ');
    toastWhenFree({ title: plural(known.length, { one: 'Nova conquista', other: '# novas conquistas' }), description: names });
  } else {
    // offline, or the server did not say which: the profile shows them
    toastWhenFree({
      title: plural(notices.length, { one: 'Nova conquista', other: '# novas conquistas' }),
      description: t`Veja suas conquistas no seu perfil.`,
    });
  }
}
