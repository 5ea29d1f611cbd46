import { beforeEach, describe, expect, it } from 'vitest';
import { STATUS_BAR_COLOR, THEME_STORAGE_KEY, parseThemePreference, resolveTheme, syncThemeToDocument, useThemeStore } from './theme.ts';

describe('theme resolution', () => {
  it('follows the system by default', () => {
    expect(parseThemePreference(null)).toBe('system');
    expect(parseThemePreference('purple')).toBe('system');
    expect(resolveTheme('system', true)).toBe('dark');
    expect(resolveTheme('system', false)).toBe('light');
  });

  it('an explicit choice wins over the system', () => {
    expect(resolveTheme('light', true)).toBe('light');
    expect(resolveTheme('dark', false)).toBe('dark');
  });
});

describe('theme store', () => {
  beforeEach(() => {
    localStorage.clear();
    useThemeStore.setState({ preference: 'system', systemPrefersDark: false });
  });

  it('stores the choice under ui-theme and applies it to <html data-theme>', () => {
    const stop = syncThemeToDocument();
    expect(document.documentElement.dataset.theme).toBe('light');
    useThemeStore.getState().setPreference('dark');
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('dark');
    expect(document.documentElement.dataset.theme).toBe('dark');
    useThemeStore.getState().setPreference('system');
    useThemeStore.getState().setSystemPrefersDark(true);
    expect(document.documentElement.dataset.theme).toBe('dark');
    stop();
  });

  it("paints the phone's status bar like the app's top bar, in both themes", () => {
    const meta = document.createElement('meta');
    meta.name = 'theme-color';
    meta.content = '#6d28d9';
    document.head.append(meta);
    const stop = syncThemeToDocument();
    expect(meta.content).toBe(STATUS_BAR_COLOR.light);
    useThemeStore.getState().setPreference('dark');
    expect(meta.content).toBe(STATUS_BAR_COLOR.dark);
    stop();
    meta.remove();
  });
});
