import type { ReactNode } from 'react';
import { Trans } from '@lingui/react/macro';
import * as f from '../../components/form.css.ts';

/**
 * The centred card every account page shows: a heading, an optional lede, then the page's own
 * content (a form, links). `busy` marks a card that is still waiting (the reset link check).
 */
export function AuthPanel({
  title,
  lede,
  testId,
  busy,
  children,
}: {
  title: ReactNode;
  lede?: ReactNode;
  testId?: string;
  busy?: boolean;
  children?: ReactNode;
}) {
  return (
    <div className={f.authPage}>
      <div className={f.panel} data-testid={testId} aria-busy={busy ? 'true' : undefined}>
        <h1 className={f.title}>{title}</h1>
        {lede && <p className={f.lede}>{lede}</p>}
        {children}
      </div>
    </div>
  );
}

/**
 * 'Confira seu e-mail' after registering or asking for a recovery link: what was sent (`lede`),
 * what to do if it does not arrive (`hint`), and where to go (`children`, the links row).
 */
export function CheckEmailPanel({ testId, lede, hint, children }: { testId: string; lede: ReactNode; hint: ReactNode; children: ReactNode }) {
  return (
    <AuthPanel testId={testId} title={<Trans>Confira seu e-mail</Trans>} lede={lede}>
      <p className={f.hint}>{hint}</p>
      <div className={f.links}>{children}</div>
    </AuthPanel>
  );
}
