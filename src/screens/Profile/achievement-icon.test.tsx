/**
 * A profile's achievements draw the icon admins chose in /admin › Conquistas (issue 35): the
 * awards' read asks the catalogue for it (achievements.icon) and the app draws it as inline SVG —
 * hidden from screen readers, the name beside it says it; an icon the app does not draw is left out.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { renderOnline } from '../online/testing.tsx';
import type { FullProfile } from '../../data/online/profile.ts';

const selected: string[] = [];
const rows = [
  { id: 'a1', achievement_id: 'night_owl', earned_at: '2026-11-29T00:00:00Z', achievements: { type: 'general', rarity: 'rare', points: 30, level: 2, name_pt: 'Coruja', name_en: 'Night owl', icon: 'trophy' } },
  { id: 'a2', achievement_id: 'early_bird', earned_at: '2026-11-28T00:00:00Z', achievements: { type: 'general', rarity: 'common', points: 5, level: 1, name_pt: 'Madrugador', name_en: 'Early bird', icon: 'rocket' } },
];
vi.mock('../../data/supabase.ts', () => {
  const chain = {
    select(columns: string) {
      selected.push(columns);
      return chain;
    },
    eq: () => chain,
    order: () => chain,
    then: (resolve: (answer: { data: unknown; error: null }) => unknown) => resolve({ data: rows, error: null }),
  };
  return { getSupabase: () => ({ from: () => chain }) };
});
const { ProfileAchievements } = await import('./Achievements.tsx');

afterEach(cleanup);

describe("a profile's achievements", () => {
  it('draw the icon admins chose, as SVG hidden from screen readers; an unknown icon is left out', async () => {
    const profile = { id: 'u1', is_self: true, achievements: [] } as unknown as FullProfile;
    renderOnline(<ProfileAchievements profile={profile} />, 'pt-BR', { 'pt-BR': {}, 'en-US': {} });
    const owl = (await screen.findByText('Coruja')).closest('li')!;
    expect(owl.querySelector('svg[data-achievement-icon="trophy"][aria-hidden="true"]')).toBeTruthy();
    const bird = screen.getByText('Madrugador').closest('li')!;
    expect(bird.querySelector('svg')).toBeNull();
    expect(selected.at(-1)).toContain('icon');
  });
});
