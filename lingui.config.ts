import { defineConfig } from '@lingui/conf';
import { formatter } from '@lingui/format-po';
import { DEFAULT_LOCALE, LOCALE_CODES } from './src/locale/locales.ts';

export default defineConfig({
  locales: [...LOCALE_CODES],
  sourceLocale: DEFAULT_LOCALE,
  fallbackLocales: { default: DEFAULT_LOCALE },
  catalogs: [
    {
      path: '<rootDir>/src/locale/locales/{locale}/messages',
      include: ['<rootDir>/src'],
      exclude: ['**/*.test.*', '**/node_modules/**'],
    },
  ],
  format: formatter({ lineNumbers: false }),
});
