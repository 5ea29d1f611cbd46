import { useLingui } from '@lingui/react/macro';
import * as s from './PageSkeleton.css.ts';

/** The placeholder shown while a page's code loads (spec §2: pages load lazily with a skeleton). */
export function PageSkeleton() {
  const { t } = useLingui();
  return (
    <div className={s.root} role="status" aria-busy="true" aria-label={t`Carregando…`} data-testid="page-skeleton">
      <div className={s.title} />
      <div className={s.line} />
      <div className={s.line} />
      <div className={s.lineShort} />
    </div>
  );
}
