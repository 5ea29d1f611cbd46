import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useRoute } from 'wouter';
import type { ReactNode } from 'react';
import { AccountMenu } from './AccountMenu.tsx';
import { LanguageSwitch } from './LanguageSwitch.tsx';
import { ThemeSwitch } from './ThemeSwitch.tsx';
import * as s from './header.css.ts';

function NavLink({ href, children }: { href: string; children: ReactNode }) {
  const [active] = useRoute(href);
  return (
    <Link href={href} className={s.navLink} aria-current={active ? 'page' : undefined}>
      {children}
    </Link>
  );
}

export function SiteHeader() {
  const { t } = useLingui();
  return (
    <header className={s.header}>
      <a href="#main" className={s.skipLink}>
        <Trans>Pular para o conteúdo</Trans>
      </a>
      <div className={s.bar}>
        <Link href="/" className={s.brand}>
          Cadernos
        </Link>
        <nav aria-label={t`Principal`} className={s.nav}>
          <NavLink href="/meus-cadernos">
            <Trans>Meus cadernos</Trans>
          </NavLink>
          <NavLink href="/create">
            <Trans>Criar</Trans>
          </NavLink>
          <AccountMenu />
        </nav>
        <div className={s.controls}>
          <LanguageSwitch />
          <ThemeSwitch />
        </div>
      </div>
    </header>
  );
}
