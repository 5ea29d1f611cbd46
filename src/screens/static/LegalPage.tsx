import type { ReactNode } from 'react';
import { Trans } from '@lingui/react/macro';
import { Link } from 'wouter';
import * as s from './prose.css.ts';

export interface PageSection {
  /** Anchor of the section (also used by the table of contents). */
  id: string;
  /** The section's heading text; rendered as an <h2>. */
  title: ReactNode;
  content: ReactNode;
}

interface StaticPageProps {
  /** A short handwritten line above the title. */
  eyebrow?: ReactNode;
  /** The page's one <h1>. */
  title: ReactNode;
  /** A line under the title, e.g. the date the text took effect. */
  meta?: ReactNode;
  /** An introductory paragraph. */
  lede?: ReactNode;
  /** Sections, each with an <h2>; listed in a table of contents when `toc` is set. */
  sections?: PageSection[];
  toc?: boolean;
  /** Free content after the introduction (and before any sections). */
  children?: ReactNode;
  /** A closing note, e.g. where to ask further questions. */
  footer?: ReactNode;
}

/**
 * Shared frame of the static content pages. It renders inside the shell's <main>, so it brings
 * its own <article> and headings but no landmarks of its own besides the table of contents.
 */
export function StaticPage({ eyebrow, title, meta, lede, sections, toc, children, footer }: StaticPageProps) {
  return (
    <article className={s.page}>
      <header className={s.header}>
        {eyebrow && <p className={s.eyebrow}>{eyebrow}</p>}
        <h1 className={s.title}>{title}</h1>
        {meta && <p className={s.meta}>{meta}</p>}
        {lede && <p className={s.lede}>{lede}</p>}
      </header>

      {toc && sections && sections.length > 0 && <TableOfContents sections={sections} />}

      <div className={s.prose}>
        {children}
        {sections?.map((section) => (
          <section key={section.id} id={section.id} className={s.section}>
            <h2>{section.title}</h2>
            {section.content}
          </section>
        ))}
      </div>

      {footer && <div className={s.footerNote}>{footer}</div>}
    </article>
  );
}

function TableOfContents({ sections }: { sections: PageSection[] }) {
  return (
    <details className={s.toc}>
      <summary className={s.tocSummary}>
        <Trans>Nesta página</Trans>
        <span className={s.chevron} aria-hidden="true" />
      </summary>
      <ul className={s.tocList}>
        {sections.map((section) => (
          <li key={section.id}>
            <a className={s.tocLink} href={`#${section.id}`}>
              {section.title}
            </a>
          </li>
        ))}
      </ul>
    </details>
  );
}

/** The closing note of the legal pages: where to go with a question. */
export function MoreHelp() {
  return (
    <p>
      <Trans>
        Ficou alguma dúvida? Veja as <Link href="/faq">perguntas frequentes</Link> ou{' '}
        <Link href="/contato">fale com a gente</Link>.
      </Trans>
    </p>
  );
}

