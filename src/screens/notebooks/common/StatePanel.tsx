import type { ReactNode } from 'react';
import { page } from '../../../components/ui.css.ts';
import * as css from './common.css.ts';

/** A notebook screen's whole page when it has nothing else to show: signed out, failed, not found. */
export function StatePanel({ title, children }: { title: ReactNode; children: ReactNode }) {
  return (
    <div className={page}>
      <div className={css.statePanel}>
        <h1>{title}</h1>
        {children}
      </div>
    </div>
  );
}
