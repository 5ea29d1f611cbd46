import type { ReactNode } from 'react';
import { Trans } from '@lingui/react/macro';
import { Link } from 'wouter';

/**
 * The site's pages about itself (Sobre, FAQ, Contato, Termos, Privacidade, Cookies) and the app's
 * version: the footer of the landing and static pages, and the account menu elsewhere (issue 29:
 * the footer above the bottom navigation on every screen). One list, so both say the same.
 */
export const SITE_LINKS: { href: string; label: ReactNode }[] = [
  { href: '/sobre', label: <Trans>Sobre</Trans> },
  { href: '/faq', label: <Trans>Perguntas frequentes</Trans> },
  { href: '/contato', label: <Trans>Contato</Trans> },
  { href: '/terms', label: <Trans>Termos de uso</Trans> },
  { href: '/privacy', label: <Trans>Privacidade</Trans> },
  { href: '/cookies', label: <Trans>Cookies</Trans> },
];

export function SiteLink({ href, label, className }: { href: string; label: ReactNode; className: string }) {
  return (
    <Link href={href} className={className}>
      {label}
    </Link>
  );
}

export function AppVersion({ className }: { className: string }) {
  return (
    <span className={className} data-testid="app-version">
      <Trans>versão {__APP_VERSION__}</Trans>
    </span>
  );
}
