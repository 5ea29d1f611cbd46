import { useEffect } from 'react';
import { preloadPage } from '../../navigation/pages.ts';

/**
 * While a visitor reads the invitation (issue 20), the next steps download: first the register
 * page (what the next tap most likely opens), then the login page and what follows the sign-up —
 * the local database, the redeem and the notebook page — so that on a slow network the way from
 * the link to the first question waits on the server's answers, not on chunks. Each step starts
 * when the browser is idle, so the invitation itself stays responsive.
 */
export function usePreloadNextSteps(visitor: boolean): void {
  useEffect(() => {
    // Not cancelled when the person moves on: what it loads is what the next screens need.
    if (visitor) void whenIdle(preloadSignUp).then(() => whenIdle(preloadAfterSignUp));
  }, [visitor]);
}

// Most people an invitation brings are new: the register page alone first, on a slow network.
const preloadSignUp = () => preloadPage('/register');

const preloadAfterSignUp = () =>
  Promise.all([
    preloadPage('/login'),
    import('../../data/session/data.ts').catch(() => undefined),
    import('../../data/invite-redemption.ts').catch(() => undefined),
    preloadPage('/notebook/next'),
  ]);

/**
 * The visitor tapped "Criar conta" or "Entrar": the invitation is redeemed the moment they are
 * signed in, while the app is still on its way back here (data/invite-redemption.ts). The module
 * is among what preloadAfterSignUp fetched; if it is not there before the sign-in, this page
 * redeems when it opens again, as always.
 */
export function redeemWhenSignedIn(code: string): void {
  void import('../../data/invite-redemption.ts').then(({ redeemOnSignIn }) => redeemOnSignIn(code)).catch(() => undefined);
}

function whenIdle(step: () => Promise<unknown>): Promise<void> {
  return new Promise((resolve) => {
    const run = () => void step().finally(resolve);
    if ('requestIdleCallback' in window) requestIdleCallback(run, { timeout: 1000 });
    else setTimeout(run, 0);
  });
}
