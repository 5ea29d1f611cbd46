import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { messages as adminPt } from '../locales/pt-BR/messages.po';
import { messages as adminEn } from '../locales/en-US/messages.po';
import { renderOnline } from '../../online/testing.tsx';
import type * as Summary from '../../../data/online/analytics.ts';
import type { AnalyticsSummary } from '../../../data/online/analytics.ts';
import type { ChartSeries } from './Chart.tsx';

/**
 * /admin › Estatísticas (issue 36): the totals and every day's numbers are the server's summary
 * (admin_analytics_summary — sync-server/analytics/analytics.test.ts proves its numbers are the
 * events sent), the plots get the same series, another period asks the server again; both
 * languages. The canvas itself (uPlot) is replaced here: jsdom has no canvas.
 */
const readAnalyticsSummary = vi.fn<typeof Summary.readAnalyticsSummary>();
vi.mock('../../../data/online/analytics.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof Summary>()),
  readAnalyticsSummary: (...args: Parameters<typeof Summary.readAnalyticsSummary>) => readAnalyticsSummary(...args),
}));
const charts: ChartSeries[][] = [];
vi.mock('./Chart.tsx', () => ({
  default: ({ series }: { series: ChartSeries[] }) => {
    charts.push(series);
    return <div data-testid="chart" />;
  },
}));
const { default: AnalyticsSection } = await import('./AnalyticsSection.tsx');

const SUMMARY: AnalyticsSummary = {
  from: '2026-11-27',
  to: '2026-11-29',
  days: [
    { day: '2026-11-27', events: 0, notebooks: 0, answers: 0, sign_ups: 0, active: 0 },
    { day: '2026-11-28', events: 12, notebooks: 2, answers: 5, sign_ups: 1, active: 3 },
    { day: '2026-11-29', events: 1234, notebooks: 7, answers: 40, sign_ups: 4, active: 57 },
  ],
  totals: { events: 1246, notebooks: 9, answers: 45, sign_ups: 5, active_per_day: 20 },
};

function show(locale: 'pt-BR' | 'en-US' = 'pt-BR') {
  renderOnline(<AnalyticsSection />, locale, { 'pt-BR': adminPt, 'en-US': adminEn });
}

beforeEach(() => {
  charts.length = 0;
  readAnalyticsSummary.mockResolvedValue(SUMMARY);
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

describe('AnalyticsSection', () => {
  it('shows the summary’s totals and each day’s numbers; the plots get the same series', async () => {
    show();
    const totals = await screen.findByTestId('analytics-totals');
    const total = (key: string) => totals.querySelector(`[data-total="${key}"] dd`)?.textContent;
    expect({ events: total('events'), notebooks: total('notebooks'), answers: total('answers'), sign_ups: total('sign_ups'), active: total('active') }).toEqual({
      events: '1.246',
      notebooks: '9',
      answers: '45',
      sign_ups: '5',
      active: '20',
    });
    expect(within(totals).getByText('Pessoas ativas por dia (média)')).toBeTruthy();
    const table = screen.getByTestId('analytics-days');
    const cells = (day: string) => Array.from(table.querySelectorAll(`tr[data-day="${day}"] td`), (td) => td.textContent);
    expect(cells('2026-11-29')).toEqual(['1.234', '7', '40', '4', '57']);
    expect(cells('2026-11-28')).toEqual(['12', '2', '5', '1', '3']);
    expect(within(table).getByRole('columnheader', { name: 'Pessoas ativas' })).toBeTruthy();
    // three figures with captions; the plotted values are the table's
    expect(screen.getAllByRole('figure').map((f) => f.getAttribute('aria-labelledby') && f.querySelector('figcaption')?.textContent)).toEqual([
      'Eventos por dia',
      'Cadernos, respostas e cadastros por dia',
      'Pessoas ativas por dia',
    ]);
    const plotted = Object.fromEntries(charts.slice(-3).flat().map((s) => [s.label, s.values]));
    expect(plotted).toEqual({
      Eventos: [0, 12, 1234],
      'Cadernos criados': [0, 2, 7],
      Respostas: [0, 5, 40],
      Cadastros: [0, 1, 4],
      'Pessoas ativas': [0, 3, 57],
    });
    expect(readAnalyticsSummary).toHaveBeenCalledWith(30);
  });

  it('another period asks the server again; the chosen one is pressed', async () => {
    show();
    await screen.findByTestId('analytics-totals');
    const group = screen.getByRole('group', { name: 'Período' });
    fireEvent.click(within(group).getByRole('button', { name: '7 dias' }));
    await waitFor(() => expect(readAnalyticsSummary).toHaveBeenCalledWith(7));
    expect(within(group).getByRole('button', { name: '7 dias' }).getAttribute('aria-pressed')).toBe('true');
    expect(within(group).getByRole('button', { name: '30 dias' }).getAttribute('aria-pressed')).toBe('false');
  });

  it('an empty period says so and draws nothing', async () => {
    readAnalyticsSummary.mockResolvedValue({ ...SUMMARY, days: SUMMARY.days.map((d) => ({ ...d, events: 0 })), totals: { ...SUMMARY.totals, events: 0 } });
    show();
    expect(await screen.findByText('Nenhum evento neste período.')).toBeTruthy();
    expect(screen.queryAllByTestId('chart')).toEqual([]);
  });

  it('in English', async () => {
    show('en-US');
    const totals = await screen.findByTestId('analytics-totals');
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('Usage statistics');
    expect(within(totals).getByText('Notebooks created')).toBeTruthy();
    expect(totals.querySelector('[data-total="events"] dd')?.textContent).toBe('1,246');
    expect(screen.getByRole('group', { name: 'Period' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '90 days' })).toBeTruthy();
  });
});
