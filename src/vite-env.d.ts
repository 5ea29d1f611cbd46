/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Where analytics events are posted (after consent). Unset: events are not sent anywhere. */
  readonly VITE_ANALYTICS_ENDPOINT?: string;
  /** The Supabase project (or sync-server) URL. Unset: the page's own origin (npm start). */
  readonly VITE_SUPABASE_URL?: string;
  readonly VITE_SUPABASE_ANON_KEY?: string;
}

/** The app's version, from package.json or APP_VERSION at build time. */
declare const __APP_VERSION__: string;

declare module '*.po' {
  import type { Messages } from '@lingui/core';
  export const messages: Messages;
}
