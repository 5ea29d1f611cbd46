import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'wouter';
import * as s from './footer.css.ts';

export function SiteFooter() {
  const { t } = useLingui();
  return (
    <footer className={s.footer}>
      <nav aria-label={t`Rodapé`} className={s.footerInner}>
        <Link href="/sobre" className={s.navLink}>
          <Trans>Sobre</Trans>
        </Link>
        <Link href="/faq" className={s.navLink}>
          <Trans>Perguntas frequentes</Trans>
        </Link>
        <Link href="/contato" className={s.navLink}>
          <Trans>Contato</Trans>
        </Link>
        <Link href="/terms" className={s.navLink}>
          <Trans>Termos de uso</Trans>
        </Link>
        <Link href="/privacy" className={s.navLink}>
          <Trans>Privacidade</Trans>
        </Link>
        <Link href="/cookies" className={s.navLink}>
          <Trans>Cookies</Trans>
        </Link>
        <span className={s.version} data-testid="app-version">
          <Trans>versão {__APP_VERSION__}</Trans>
        </span>
      </nav>
    </footer>
  );
}
