import { useLingui } from '@lingui/react/macro';
import { AppVersion, SITE_LINKS, SiteLink } from './SiteLinks.tsx';
import * as s from './footer.css.ts';

/** The landing and static pages' footer (a signed-in person finds these links in the account menu). */
export function SiteFooter() {
  const { t } = useLingui();
  return (
    <footer className={s.footer}>
      <nav aria-label={t`Rodapé`} className={s.footerInner}>
        {SITE_LINKS.map((link) => (
          <SiteLink key={link.href} {...link} className={s.navLink} />
        ))}
        <AppVersion className={s.version} />
      </nav>
    </footer>
  );
}
