import { useEffect, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'wouter';
import {
  ACCEPT_ALL,
  CONSENT_DELAY_MS,
  REJECT_OPTIONAL,
  useConsentStore,
  type CookiePreferences,
  type OptionalCategory,
} from '../state/consent.ts';
import { button } from './ui.css.ts';
import * as s from './overlays.css.ts';

/** Spec §4: shown about a second after the first load when no choice is stored. */
export function CookieConsent() {
  const choice = useConsentStore((st) => st.choice);
  const [due, setDue] = useState(false);
  useEffect(() => {
    if (choice) return;
    const timer = setTimeout(() => setDue(true), CONSENT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [choice]);
  if (choice || !due) return null;
  return <ConsentDialog />;
}

/**
 * While the question shows, the page gets room for it at its end (--consent-room, frame.css.ts):
 * the dialog is fixed over the bottom of the page, and the last things on a page (the settings'
 * "Baixar meus dados", "Excluir minha conta") must still scroll clear of it — the footer that used
 * to end every page no longer does (issue 29).
 */
function useRoomBelow(element: HTMLElement | null) {
  useEffect(() => {
    if (!element) return;
    const root = document.documentElement;
    const measure = () => root.style.setProperty('--consent-room', `${Math.ceil(element.getBoundingClientRect().height) + 16}px`);
    measure();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    observer?.observe(element);
    return () => {
      observer?.disconnect();
      root.style.removeProperty('--consent-room');
    };
  }, [element]);
}

function ConsentDialog() {
  const { t } = useLingui();
  const [element, setElement] = useState<HTMLElement | null>(null);
  useRoomBelow(element);
  const save = useConsentStore((st) => st.save);
  const [customising, setCustomising] = useState(false);
  const [draft, setDraft] = useState<CookiePreferences>(REJECT_OPTIONAL);
  const categories: { key: OptionalCategory; label: string; hint: string }[] = [
    { key: 'functional', label: t`Funcionais`, hint: t`Lembram suas preferências, como idioma e tema.` },
    { key: 'analytics', label: t`Análise`, hint: t`Contam visitas de forma agregada para melhorarmos o app.` },
    { key: 'marketing', label: t`Marketing`, hint: t`Mostram novidades da loja sazonal que combinam com você.` },
  ];
  return (
    <section ref={setElement} className={s.consent} role="dialog" aria-modal="false" aria-labelledby="consent-title" data-testid="cookie-consent">
      <h2 id="consent-title" className={s.consentTitle}>
        <Trans>Cookies e dados locais</Trans>
      </h2>
      <p className={s.consentText}>
        <Trans>
          Usamos cookies necessários para o app funcionar e, com a sua permissão, outros para lembrar preferências, medir o
          uso e mostrar novidades. <Link href="/cookies">Saiba mais</Link>.
        </Trans>
      </p>
      {customising && (
        <fieldset className={s.consentOptions}>
          <legend className={s.consentLegend}>
            <Trans>Escolha as categorias</Trans>
          </legend>
          <label className={s.consentOption}>
            <input type="checkbox" checked disabled />
            <span>
              <strong>
                <Trans>Necessários</Trans>
              </strong>{' '}
              — <Trans>sempre ativos: login, segurança e funcionamento offline.</Trans>
            </span>
          </label>
          {categories.map((c) => (
            <label key={c.key} className={s.consentOption}>
              <input
                type="checkbox"
                checked={draft[c.key]}
                onChange={(e) => setDraft({ ...draft, [c.key]: e.target.checked })}
                data-testid={`consent-${c.key}`}
              />
              <span>
                <strong>{c.label}</strong> — {c.hint}
              </span>
            </label>
          ))}
        </fieldset>
      )}
      <div className={s.consentActions}>
        {customising ? (
          <button type="button" className={button.primary} onClick={() => save(draft)}>
            <Trans>Salvar preferências</Trans>
          </button>
        ) : (
          <>
            <button type="button" className={button.primary} onClick={() => save(ACCEPT_ALL)}>
              <Trans>Aceitar todos</Trans>
            </button>
            <button type="button" className={button.secondary} onClick={() => save(REJECT_OPTIONAL)}>
              <Trans>Rejeitar opcionais</Trans>
            </button>
            <button type="button" className={button.ghost} onClick={() => setCustomising(true)}>
              <Trans>Personalizar</Trans>
            </button>
          </>
        )}
      </div>
    </section>
  );
}
