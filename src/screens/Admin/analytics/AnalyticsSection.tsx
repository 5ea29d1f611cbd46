import { useId, useMemo, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useLoadErrorToast } from '../useLoadErrorToast.ts';
import { NotLoaded } from '../NotLoaded.tsx';
import * as css from '../admin.css.ts';
import * as local from './AnalyticsSection.css.ts';
import * as chartCss from './Chart.css.ts';
import Chart, { type ChartSeries, type ColorToken } from './Chart.tsx';
import { ANALYTICS_PERIODS, type AnalyticsPeriod, type AnalyticsSummary } from '../../../data/online/analytics.ts';
import { useAnalyticsSummary } from '../../online/hooks/analytics.ts';

/**
 * /admin › Estatísticas (issue 36; spec §3, §9): what people who accepted the analytics cookies
 * did, counted per day — events, notebooks created, answers, sign-ups, active people — as plots
 * read at a glance (uPlot, this section's own chunk) with every number in a table beside them for
 * screen readers and keyboards. Numbers from admin_analytics_summary; nothing here names anyone.
 */
export default function AnalyticsSection() {
  const headingId = useId();
  const { t, i18n } = useLingui();
  const [period, setPeriod] = useState<AnalyticsPeriod>(30);
  const summary = useAnalyticsSummary(period);
  useLoadErrorToast(summary.isError && !summary.data);
  const data = summary.data;

  return (
    <div className={css.panel} aria-labelledby={headingId} role="region">
      <h2 id={headingId} className={css.sectionTitle}>
        <Trans>Estatísticas de uso</Trans>
      </h2>
      <p className={css.muted}>
        <Trans>
          Só o que as pessoas permitiram nos cookies de estatística, contado por dia (UTC) e guardado por 400 dias. Nada aqui
          identifica alguém.
        </Trans>
      </p>
      <div className={css.filters} role="group" aria-label={t`Período`}>
        {ANALYTICS_PERIODS.map((days) => (
          <button key={days} type="button" className={css.filter} aria-pressed={period === days} onClick={() => setPeriod(days)}>
            <Trans>{days} dias</Trans>
          </button>
        ))}
      </div>
      {!data ? (
        <NotLoaded failed={summary.isError} onRetry={() => void summary.refetch()} />
      ) : (
        <Summary data={data} locale={i18n.locale} />
      )}
    </div>
  );
}

function Summary({ data, locale }: { data: AnalyticsSummary; locale: string }) {
  const { t } = useLingui();
  const number = new Intl.NumberFormat(locale, { maximumFractionDigits: 1 });
  const dayLabel = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' });
  const days = useMemo(() => data.days.map((d) => d.day), [data]);
  const labels = {
    events: t`Eventos`,
    notebooks: t`Cadernos criados`,
    answers: t`Respostas`,
    sign_ups: t`Cadastros`,
    active: t`Pessoas ativas`,
  };
  const eventsSeries = useMemo<ChartSeries[]>(
    () => [{ label: labels.events, values: data.days.map((d) => d.events), color: 'primary', kind: 'bars' }],
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [data, locale],
  );
  const contentSeries = useMemo<ChartSeries[]>(
    () => [
      { label: labels.notebooks, values: data.days.map((d) => d.notebooks), color: 'primary', kind: 'line' },
      { label: labels.answers, values: data.days.map((d) => d.answers), color: 'success', kind: 'line', dash: [8, 4] },
      { label: labels.sign_ups, values: data.days.map((d) => d.sign_ups), color: 'warning', kind: 'line', dash: [2, 3] },
    ],
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [data, locale],
  );
  const activeSeries = useMemo<ChartSeries[]>(
    () => [{ label: labels.active, values: data.days.map((d) => d.active), color: 'primary', kind: 'bars' }],
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [data, locale],
  );
  const totals: [string, string, number][] = [
    ['events', labels.events, data.totals.events],
    ['notebooks', labels.notebooks, data.totals.notebooks],
    ['answers', labels.answers, data.totals.answers],
    ['sign_ups', labels.sign_ups, data.totals.sign_ups],
    ['active', t`Pessoas ativas por dia (média)`, data.totals.active_per_day],
  ];

  return (
    <>
      <dl className={local.totals} data-testid="analytics-totals">
        {totals.map(([key, label, value]) => (
          <div key={key} className={local.total} data-total={key}>
            <dt className={local.totalLabel}>{label}</dt>
            <dd className={local.totalValue}>{number.format(value)}</dd>
          </div>
        ))}
      </dl>
      {data.totals.events === 0 ? (
        <p className={css.muted}>
          <Trans>Nenhum evento neste período.</Trans>
        </p>
      ) : (
        <div className={local.charts}>
          <Figure caption={t`Eventos por dia`} series={eventsSeries} days={days} locale={locale} />
          <Figure caption={t`Cadernos, respostas e cadastros por dia`} series={contentSeries} days={days} locale={locale} />
          <Figure caption={t`Pessoas ativas por dia`} series={activeSeries} days={days} locale={locale} />
        </div>
      )}
      <details className={local.details}>
        <summary className={local.summary}>
          <Trans>Números de cada dia</Trans>
        </summary>
        <div className={local.tableBox} tabIndex={0} role="group" aria-label={t`Números de cada dia`}>
          <table className={local.table} data-testid="analytics-days">
            <thead>
              <tr>
                <th scope="col">
                  <Trans>Dia</Trans>
                </th>
                <th scope="col">{labels.events}</th>
                <th scope="col">{labels.notebooks}</th>
                <th scope="col">{labels.answers}</th>
                <th scope="col">{labels.sign_ups}</th>
                <th scope="col">{labels.active}</th>
              </tr>
            </thead>
            <tbody>
              {[...data.days].reverse().map((d) => (
                <tr key={d.day} data-day={d.day}>
                  <th scope="row">{dayLabel.format(new Date(`${d.day}T00:00:00Z`))}</th>
                  <td>{number.format(d.events)}</td>
                  <td>{number.format(d.notebooks)}</td>
                  <td>{number.format(d.answers)}</td>
                  <td>{number.format(d.sign_ups)}</td>
                  <td>{number.format(d.active)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </>
  );
}

const SWATCH: Record<ColorToken, string> = { primary: local.primary, success: local.success, warning: local.warning, danger: local.danger };

function Figure({ caption, series, days, locale }: { caption: string; series: ChartSeries[]; days: string[]; locale: string }) {
  const captionId = useId();
  return (
    <figure className={chartCss.figure} aria-labelledby={captionId}>
      <figcaption id={captionId} className={chartCss.caption}>
        {caption}
      </figcaption>
      {series.length > 1 ? (
        <ul className={chartCss.legend}>
          {series.map((s) => (
            <li key={s.label}>
              <span
                className={`${chartCss.swatch} ${SWATCH[s.color]}`}
                style={{ borderTopStyle: s.dash ? (s.dash[0] > 4 ? 'dashed' : 'dotted') : 'solid' }}
                aria-hidden="true"
              />
              {s.label}
            </li>
          ))}
        </ul>
      ) : null}
      <Chart days={days} series={series} locale={locale} />
    </figure>
  );
}
