import { useEffect, useId, useMemo, useRef } from 'react';
import { Link } from 'wouter';
import { Trans, useLingui } from '@lingui/react/macro';
import { button } from '../../../components/ui.css.ts';
import type { ReportDoc } from '../../../data/schemas/index.ts';
import { useDataLayer, useObservable } from '../../../state/data-layer.ts';
import { useSyncStatusStore } from '../../../state/sync-status.ts';
import type { DataLayer } from '../../../data/data-layer.ts';
import { REASON_LABELS, decisionLabel, reportKindLabel, reportProblemMessage, reportStateLabel } from './messages.ts';
import * as css from './reports.css.ts';

/**
 * "Minhas denúncias" (issue 33), in Settings › Social: each report the person made — what it was
 * about, when, its state and the decision in plain words. Read from this device (the replicated
 * collection `reports`), so it works offline; a report not sent yet or refused says so.
 */
/** The section's place on /settings: a notification about a report links here (`/settings#minhas-denuncias`). */
export const MY_REPORTS_ANCHOR = 'minhas-denuncias';

export default function MyReports() {
  const data = useDataLayer();
  const headingId = useId();
  const section = useRef<HTMLElement>(null);
  const ready = data.status === 'ready';
  // The page is drawn after the address is read: scroll to the list once it is there.
  useEffect(() => {
    if (ready && window.location.hash === `#${MY_REPORTS_ANCHOR}`) section.current?.scrollIntoView({ block: 'start' });
  }, [ready]);
  return (
    <section ref={section} id={MY_REPORTS_ANCHOR} className={css.section} aria-labelledby={headingId} data-testid="my-reports">
      <h2 id={headingId} className={css.title}>
        <Trans>Minhas denúncias</Trans>
      </h2>
      {data.status === 'ready' ? (
        <ReportList layer={data.layer} />
      ) : data.status === 'failed' ? (
        <p className={css.muted} role="alert">
          <Trans>Não foi possível abrir os dados deste aparelho.</Trans>
        </p>
      ) : (
        <p className={css.muted} role="status">
          <Trans>Carregando…</Trans>
        </p>
      )}
    </section>
  );
}

function ReportList({ layer }: { layer: DataLayer }) {
  const reports$ = useMemo(() => layer.api.queries.myReports(), [layer]);
  const reports = useObservable(reports$);
  if (!reports) return null;
  if (reports.length === 0) {
    return (
      <p className={css.muted}>
        <Trans>Você não fez nenhuma denúncia. Para denunciar algo, use o botão com a bandeira ao lado do conteúdo.</Trans>
      </p>
    );
  }
  return (
    <ul className={css.list}>
      {reports.map((report) => (
        <ReportItem key={report.id} report={report} onDiscard={(key) => void layer.api.rejections.discard(key)} />
      ))}
    </ul>
  );
}

function ReportItem({ report, onDiscard }: { report: ReportDoc; onDiscard: (key: string) => void }) {
  const { i18n } = useLingui();
  const key = `reports/${report.id}`;
  const sync = useSyncStatusStore((s) => s.documents[key]);
  const syncState = sync?.state === 'pending' || sync?.state === 'rejected' ? sync.state : null;
  const when = new Intl.DateTimeFormat(i18n.locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(report.created_at));
  return (
    <li className={css.item} data-testid="my-report" data-report-status={report.status}>
      <div className={css.itemHead}>
        <span className={css.kind}>{i18n._(reportKindLabel(report.kind))}</span>
        <span className={css.state}>{i18n._(reportStateLabel(report.status, syncState))}</span>
      </div>
      <p className={css.muted}>
        <time dateTime={report.created_at}>{when}</time>
        {report.reason ? <> · {i18n._(REASON_LABELS[report.reason])}</> : null}
      </p>
      {report.details ? (
        <p className={css.line} dir="auto">
          {report.details}
        </p>
      ) : null}
      {report.decision && report.status !== 'open' ? <p className={css.line}>{i18n._(decisionLabel(report.decision))}</p> : null}
      {report.notebook_id && (report.kind === 'question' || report.kind === 'answer') ? (
        <Link href={`/notebook/${report.notebook_id}`} className={css.link}>
          <Trans>Abrir o caderno</Trans>
        </Link>
      ) : null}
      {sync?.state === 'rejected' ? (
        <>
          <p className={css.line} role="alert">
            {i18n._(reportProblemMessage(sync.reason))}
          </p>
          <button type="button" className={button.ghost} onClick={() => onDiscard(key)}>
            <Trans>Descartar</Trans>
          </button>
        </>
      ) : null}
      {syncState === 'pending' ? (
        <p className={css.muted}>
          <Trans>Salva neste aparelho; será enviada quando houver internet.</Trans>
        </p>
      ) : null}
    </li>
  );
}
