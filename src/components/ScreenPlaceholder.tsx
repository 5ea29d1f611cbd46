import type { ReactNode } from 'react';
import { Trans } from '@lingui/react/macro';
import { page } from './ui.css.ts';
import * as s from './ScreenPlaceholder.css.ts';

/**
 * The frame of a screen whose features arrive in a later issue: its real title and purpose,
 * and an honest note that the rest is on its way. Replaced screen by screen.
 */
export function ScreenPlaceholder({ title, description }: { title: ReactNode; description: ReactNode }) {
  return (
    <div className={page}>
      <h1 className={s.title}>{title}</h1>
      <p className={s.description}>{description}</p>
      <p className={s.note}>
        <Trans>Esta parte do Cadernos está sendo construída e chega em breve.</Trans>
      </p>
    </div>
  );
}
