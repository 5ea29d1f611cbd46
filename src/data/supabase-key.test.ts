import { afterEach, describe, expect, it, vi } from 'vitest';

/** The app uses the anon key its server wrote into the page (issue 17: the install's own key on a school's network). */
describe('supabase anon key', () => {
  afterEach(() => {
    document.head.querySelector('meta[name="cadernos-anon-key"]')?.remove();
    vi.resetModules();
  });

  it('is the one the server wrote into the page', async () => {
    const meta = document.createElement('meta');
    meta.name = 'cadernos-anon-key';
    meta.content = 'the.install.key';
    document.head.append(meta);
    const { supabaseAnonKey } = await import('./supabase.ts');
    expect(supabaseAnonKey).toBe('the.install.key');
  });

  it('is the Supabase CLI demo key when the page carries none (vite dev server)', async () => {
    const { supabaseAnonKey, SUPABASE_DEMO_ANON_KEY } = await import('./supabase.ts');
    expect(supabaseAnonKey).toBe(SUPABASE_DEMO_ANON_KEY);
  });
});
