import { defineConfig } from '@lingui/conf';
import { formatter } from '@lingui/format-po';
import { DEFAULT_LOCALE, LOCALE_CODES } from './src/locale/locales.ts';

/**
 * Catalogs per locale: the app's messages (loaded at start); the long texts of the content
 * pages (terms, privacy, cookies, FAQ, about, contact), loaded only when one of those pages opens —
 * so the landing page does not download the legal texts; and the account screens' forms (login,
 * register, password recovery, settings) with the safety pieces (guardian page, block button,
 * settings' account sections: src/screens/safety, which load it themselves), loaded with those
 * screens; and the notebook screens (dashboard, create, edit, view and answer, moderation), loaded
 * with them; the profile screens'; and the invitation's, loaded with /n/{code} (see
 * src/locale/i18n.ts).
 */
export const CONTENT_PAGE_DIRS = ['About', 'Contact', 'Cookies', 'Faq', 'Privacy', 'Terms', 'static'].map(
  (dir) => `<rootDir>/src/screens/${dir}/**`,
);
export const ACCOUNT_SCREEN_DIRS = [
  ...['Login', 'Register', 'ForgotPassword', 'ResetPassword', 'Settings', 'accounts', 'safety'].map((dir) => `<rootDir>/src/screens/${dir}/**`),
  // Loaded with the session (src/state/session-actions.ts), which loads this catalog before it signs anyone in.
  ...['state/session-actions.ts', 'components/SignedInMenu.tsx', 'components/SignOutDialog.tsx'].map(
    (file) => `<rootDir>/src/${file}`,
  ),
];
export const NOTEBOOK_SCREEN_DIRS = ['Dashboard', 'CreateNotebook', 'NotebookEdit', 'NotebookView', 'Moderation', 'Round', 'Claim', 'notebooks'].map(
  (dir) => `<rootDir>/src/screens/${dir}/**`,
);
/** The online-only profile screens (issue 22): loaded with the profile pages and the settings. */
export const PROFILE_SCREEN_DIRS = ['Profile', 'ManageProfile', 'Timeline', 'Friends', 'online'].map((dir) => `<rootDir>/src/screens/${dir}/**`);
// The invitation (/n/{code}) is a landing route: its few texts load without the notebooks' 7 kB.
export const INVITE_SCREEN_DIRS = ['<rootDir>/src/screens/Invite/**'];
// The notifications' sentences (issue 31) load with their list, not with every notebook screen.
export const NOTIFICATION_SCREEN_DIRS = ['<rootDir>/src/screens/Notifications/**'];
// The admin panel (issue 33): its shell and every section load only for admins, at /admin.
export const ADMIN_SCREEN_DIRS = ['<rootDir>/src/screens/Admin/**'];
const notSource = ['**/*.test.*', '**/node_modules/**'];

export default defineConfig({
  locales: [...LOCALE_CODES],
  sourceLocale: DEFAULT_LOCALE,
  fallbackLocales: { default: DEFAULT_LOCALE },
  catalogs: [
    {
      path: '<rootDir>/src/locale/locales/{locale}/messages',
      include: ['<rootDir>/src'],
      exclude: [...notSource, ...CONTENT_PAGE_DIRS, ...ACCOUNT_SCREEN_DIRS, ...NOTEBOOK_SCREEN_DIRS, ...PROFILE_SCREEN_DIRS, ...INVITE_SCREEN_DIRS, ...NOTIFICATION_SCREEN_DIRS, ...ADMIN_SCREEN_DIRS],
    },
    {
      path: '<rootDir>/src/screens/static/locales/{locale}/messages',
      include: CONTENT_PAGE_DIRS,
      exclude: notSource,
    },
    {
      path: '<rootDir>/src/screens/accounts/locales/{locale}/messages',
      include: ACCOUNT_SCREEN_DIRS,
      exclude: notSource,
    },
    {
      path: '<rootDir>/src/screens/notebooks/locales/{locale}/messages',
      include: NOTEBOOK_SCREEN_DIRS,
      exclude: notSource,
    },
    {
      path: '<rootDir>/src/screens/online/locales/{locale}/messages',
      include: PROFILE_SCREEN_DIRS,
      exclude: notSource,
    },
    {
      path: '<rootDir>/src/screens/Invite/locales/{locale}/messages',
      include: INVITE_SCREEN_DIRS,
      exclude: notSource,
    },
    {
      path: '<rootDir>/src/screens/Notifications/locales/{locale}/messages',
      include: NOTIFICATION_SCREEN_DIRS,
      exclude: notSource,
    },
    {
      path: '<rootDir>/src/screens/Admin/locales/{locale}/messages',
      include: ADMIN_SCREEN_DIRS,
      exclude: notSource,
    },
  ],
  format: formatter({ lineNumbers: false }),
});
