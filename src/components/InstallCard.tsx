import { Trans } from '@lingui/react/macro';
import { useLocation } from 'wouter';
import { isDismissed, isIosSafari, useInstallStore } from '../state/install.ts';
import { useConsentStore } from '../state/consent.ts';
import { useSessionStore } from '../state/session.ts';
import { button } from './ui.css.ts';
import * as s from './overlays.css.ts';

/** Pages whose main actions sit where the card would: the landing page and an invitation. */
const coversMainActions = (path: string) => path === '/' || path.startsWith('/n/');

/**
 * Spec §4: offered once the browser allows installing, hidden 24 h after dismissal. iOS Safari
 * never offers a prompt, so there the card explains how to add the app by hand. Not on a first
 * visit: only after the cookie choice, to a signed-in person (something worth keeping on the
 * phone), and never over the landing page's or an invitation's buttons.
 */
export function InstallCard() {
  const { prompt, dismissedAt, installed, dismiss, install } = useInstallStore();
  const consentChosen = useConsentStore((st) => st.choice !== null);
  const signedIn = useSessionStore((st) => st.status === 'signed-in');
  const [location] = useLocation();
  const ios = isIosSafari(navigator.userAgent, navigator.maxTouchPoints ?? 0);
  if (!consentChosen || !signedIn || coversMainActions(location)) return null;
  if (installed || isDismissed(dismissedAt, Date.now()) || (!prompt && !ios)) return null;
  return (
    <section className={s.card} aria-labelledby="install-title" data-testid="install-card">
      <h2 id="install-title" className={s.cardTitle}>
        <Trans>Instale o Cadernos</Trans>
      </h2>
      <p className={s.cardText}>
        {prompt ? (
          <Trans>Abra direto da tela inicial e use até sem internet — na escola ou na festa.</Trans>
        ) : (
          <Trans>No Safari, toque em Compartilhar e depois em “Adicionar à Tela de Início”.</Trans>
        )}
      </p>
      <div className={s.cardActions}>
        {prompt && (
          <button type="button" className={button.primary} onClick={() => void install()}>
            <Trans>Instalar</Trans>
          </button>
        )}
        <button type="button" className={button.secondary} onClick={dismiss}>
          <Trans>Agora não</Trans>
        </button>
      </div>
    </section>
  );
}
