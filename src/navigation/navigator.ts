/**
 * Navigation for code outside React (the session's notices, src/state/session-actions.ts): the Shell
 * registers wouter's navigate, which knows the language prefix (`/en`) of the current router.
 */
type Navigate = (to: string, options?: { replace?: boolean }) => void;

let navigator: Navigate | null = null;

export function setAppNavigator(navigate: Navigate | null): void {
  navigator = navigate;
}

export function appNavigate(to: string, options?: { replace?: boolean }): void {
  if (navigator) navigator(to, options);
}

