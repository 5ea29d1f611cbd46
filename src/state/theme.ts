import { create } from 'zustand';

/** Light, dark or follow the system (default), stored under `ui-theme` (spec §1). */
export const THEME_PREFERENCES = ['light', 'dark', 'system'] as const;
export type ThemePreference = (typeof THEME_PREFERENCES)[number];
export type ResolvedTheme = 'light' | 'dark';

export const THEME_STORAGE_KEY = 'ui-theme';

export function parseThemePreference(stored: string | null | undefined): ThemePreference {
  return (THEME_PREFERENCES as readonly string[]).includes(stored ?? '') ? (stored as ThemePreference) : 'system';
}

export function resolveTheme(preference: ThemePreference, systemPrefersDark: boolean): ResolvedTheme {
  if (preference === 'system') return systemPrefersDark ? 'dark' : 'light';
  return preference;
}

interface ThemeState {
  preference: ThemePreference;
  systemPrefersDark: boolean;
  setPreference(preference: ThemePreference): void;
  setSystemPrefersDark(dark: boolean): void;
}

function readStoredPreference(): ThemePreference {
  try {
    return parseThemePreference(localStorage.getItem(THEME_STORAGE_KEY));
  } catch {
    return 'system';
  }
}

const darkQuery = () =>
  typeof window !== 'undefined' && window.matchMedia ? window.matchMedia('(prefers-color-scheme: dark)') : undefined;

export const useThemeStore = create<ThemeState>((set) => ({
  preference: readStoredPreference(),
  systemPrefersDark: darkQuery()?.matches ?? false,
  setPreference(preference) {
    try {
      localStorage.setItem(THEME_STORAGE_KEY, preference);
    } catch {
      // Private mode or full storage: the choice still applies to this visit.
    }
    set({ preference });
  },
  setSystemPrefersDark: (systemPrefersDark) => set({ systemPrefersDark }),
}));

export const useResolvedTheme = () =>
  useThemeStore((s) => resolveTheme(s.preference, s.systemPrefersDark));

/**
 * The colour of the phone's status bar (meta theme-color): the app's top bar, so that an installed
 * app's bar and the phone's read as one (the surface colours of src/styles/theme.css.ts; index.html
 * sets the same before first paint).
 */
export const STATUS_BAR_COLOR: Record<ResolvedTheme, string> = { light: '#ffffff', dark: '#1e1a2b' };

/**
 * Keeps <html data-theme> and the status bar's colour in step with the store and the system
 * setting. Returns a stop function.
 */
export function syncThemeToDocument(root: HTMLElement = document.documentElement): () => void {
  const apply = () => {
    const { preference, systemPrefersDark } = useThemeStore.getState();
    const theme = resolveTheme(preference, systemPrefersDark);
    root.dataset.theme = theme;
    root.ownerDocument.querySelector('meta[name="theme-color"]')?.setAttribute('content', STATUS_BAR_COLOR[theme]);
  };
  apply();
  const unsubscribe = useThemeStore.subscribe(apply);
  const query = darkQuery();
  const onSystemChange = (e: MediaQueryListEvent) => useThemeStore.getState().setSystemPrefersDark(e.matches);
  query?.addEventListener('change', onSystemChange);
  return () => {
    unsubscribe();
    query?.removeEventListener('change', onSystemChange);
  };
}
