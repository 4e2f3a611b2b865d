import type {
  AnalyticsWindow,
  CityKey,
  ReportFigure,
  ReportFigures,
  SensorType,
} from '@smart-city/shared';
import { ANALYTICS_BUCKET_S, METRIC_UNITS, REPORT_CATEGORIES } from '@smart-city/shared';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { applyLanguage } from '../../lib/i18n/i18n';
import type { Role } from '@smart-city/shared';
import { CITIES } from '../../test/city-fixtures';
import { jsonResponse, stubFetch } from '../../test/fetch-stub';
import { renderRoute, signedIn } from '../../test/render';

const TO = '2026-11-21T10:05:00.000Z';
const FROM = '2026-10-22T10:05:00.000Z';

const NOTHING: ReportFigure = {
  opened: 0,
  closed: 0,
  closedWithinTarget: 0,
  rejected: 0,
  duplicates: 0,
  openNow: 0,
  overdueNow: 0,
  medianHoursToClose: null,
  withinTargetShare: null,
};

/** Kolkata's figures: potholes and garbage busy, the other categories quiet. */
function figuresOf(
  city: CityKey,
  area: string | null,
  days: number,
  overrides: Partial<Record<string, Partial<ReportFigure>>> = {},
  total: Partial<ReportFigure> = {},
): ReportFigures {
  const busy: Partial<Record<string, ReportFigure>> = {
    pothole: {
      opened: 6,
      closed: 3,
      closedWithinTarget: 2,
      rejected: 1,
      duplicates: 1,
      openNow: 3,
      overdueNow: 2,
      medianHoursToClose: 30,
      withinTargetShare: 2 / 3,
    },
    garbage: {
      ...NOTHING,
      opened: 3,
      closed: 3,
      closedWithinTarget: 1,
      medianHoursToClose: 245,
      withinTargetShare: 1 / 3,
    },
  };
  return {
    city,
    area: area as ReportFigures['area'],
    days: days as ReportFigures['days'],
    from: FROM,
    to: TO,
    categories: REPORT_CATEGORIES.map((category) => ({
      category,
      ...(busy[category] ?? NOTHING),
      ...overrides[category],
    })),
    total: {
      opened: 9,
      closed: 6,
      closedWithinTarget: 3,
      rejected: 1,
      duplicates: 1,
      openNow: 3,
      overdueNow: 2,
      medianHoursToClose: 25,
      withinTargetShare: 0.5,
      ...total,
    },
  };
}

const QUIET: Partial<ReportFigure> = { ...NOTHING };

/** The server as the analytics screen sees it, with the report figures answered by `reports`. */
function stubApi(reports: (query: URLSearchParams) => Response | Promise<Response>) {
  const asked: Record<string, string>[] = [];
  stubFetch((url) => {
    const parsed = new URL(url, 'http://localhost');
    const q = parsed.searchParams;
    const city = (q.get('city') ?? 'kolkata') as CityKey;
    const metric = (q.get('metric') ?? 'traffic') as SensorType;
    const window = (q.get('window') ?? '24h') as AnalyticsWindow;
    const unit = METRIC_UNITS[metric];
    const bucketS = ANALYTICS_BUCKET_S[window];
    switch (parsed.pathname) {
      case '/api/cities':
        return Promise.resolve(jsonResponse(CITIES));
      case '/api/analytics/reports':
        asked.push(Object.fromEntries(q));
        return Promise.resolve(reports(q));
      case '/api/analytics/series':
        return Promise.resolve(
          jsonResponse({
            city,
            metric,
            window,
            unit,
            bucketS,
            points: [],
            summary: {
              from: TO,
              to: TO,
              timeZone: 'Asia/Kolkata',
              average: null,
              min: null,
              max: null,
              latest: null,
            },
          }),
        );
      case '/api/analytics/anomalies':
        return Promise.resolve(
          jsonResponse({
            city,
            metric,
            window,
            unit,
            mean: null,
            stdDev: null,
            threshold: 3,
            anomalies: [],
          }),
        );
      case '/api/analytics/forecast':
        return Promise.resolve(
          jsonResponse({
            city,
            metric,
            unit,
            model: null,
            historyHours: 0,
            backtest: null,
            history: [],
            forecast: [],
          }),
        );
      case '/api/analytics/compare':
        return Promise.resolve(jsonResponse({ metric, window, unit, bucketS, cities: [] }));
      default:
        return Promise.resolve(
          jsonResponse({ error: { code: 'not_found', message: 'Not found' } }, 404),
        );
    }
  });
  return asked;
}

function answerFigures(q: URLSearchParams) {
  return jsonResponse(
    figuresOf((q.get('city') ?? 'kolkata') as CityKey, q.get('area'), Number(q.get('days') ?? 30)),
  );
}

async function openAnalytics(path = '/analytics', role: Role = 'operator') {
  const rendered = renderRoute(path, { auth: signedIn({ role }) });
  await screen.findByRole('heading', { level: 1, name: 'Analytics' });
  return rendered;
}

const section = () => screen.getByTestId('analytics-reports');
const rowOf = (category: string) =>
  within(section())
    .getAllByTestId('analytics-reports-row')
    .find((row) => row.getAttribute('data-category') === category)!;

beforeEach(() => {
  // recharts sizes its charts with a ResizeObserver, which jsdom lacks.
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe("The analytics screen's citizens' reports", () => {
  it('shows operators each category with its counts, median time to close and share within target, and the totals', async () => {
    const asked = stubApi(answerFigures);
    await openAnalytics();

    const table = await within(section()).findByTestId('analytics-reports-table');
    expect(
      within(section()).getByRole('heading', { name: "Citizens' reports" }),
    ).toBeInTheDocument();
    expect(section()).toHaveTextContent(
      'How the problems residents reported in Kolkata were handled over the last 30 days.',
    );
    expect(asked).toEqual([{ city: 'kolkata', days: '30' }]);

    // Every category by its name, in the contract's order.
    expect(
      within(table)
        .getAllByTestId('analytics-reports-row')
        .map((row) => within(row).getByRole('rowheader').textContent),
    ).toEqual([
      'Pothole',
      'Garbage not collected',
      'Overflowing bin',
      'Streetlight out',
      'Water leak',
      'Sewage or drain blocked',
      'Noise',
      'Fallen tree',
      'Something else',
    ]);
    const pothole = rowOf('pothole');
    expect(within(pothole).getByTestId('analytics-reports-opened')).toHaveTextContent('6');
    expect(within(pothole).getByTestId('analytics-reports-closed')).toHaveTextContent('3');
    expect(within(pothole).getByTestId('analytics-reports-within-target')).toHaveTextContent(
      '66.7% (2 of 3 closed)',
    );
    expect(within(pothole).getByTestId('analytics-reports-median')).toHaveTextContent('30 hrs');
    expect(within(pothole).getByTestId('analytics-reports-rejected')).toHaveTextContent('1');
    expect(within(pothole).getByTestId('analytics-reports-duplicates')).toHaveTextContent('1');
    expect(within(pothole).getByTestId('analytics-reports-openNow')).toHaveTextContent('3');
    expect(within(pothole).getByTestId('analytics-reports-overdueNow')).toHaveTextContent('2');
    // Past two days, the time to close reads in days.
    expect(within(rowOf('garbage')).getByTestId('analytics-reports-median')).toHaveTextContent(
      '10.2 days',
    );
    // A category with nothing closed has no median and no share, said as such.
    const noise = rowOf('noise');
    expect(within(noise).getByTestId('analytics-reports-median')).toHaveTextContent('No data');
    expect(within(noise).getByTestId('analytics-reports-within-target')).toHaveTextContent(
      'No data',
    );

    const total = within(table).getByTestId('analytics-reports-total');
    expect(within(total).getByRole('rowheader')).toHaveTextContent('All categories');
    expect(within(total).getByTestId('analytics-reports-opened')).toHaveTextContent('9');
    expect(within(total).getByTestId('analytics-reports-median')).toHaveTextContent('25 hrs');
    expect(within(total).getByTestId('analytics-reports-within-target')).toHaveTextContent('50%');

    // The window in the city's time, and what the closed figures leave out.
    const window = within(section()).getByTestId('analytics-reports-window');
    expect(window).toHaveTextContent('From 22 Oct 2026, 3:35 pm IST to 21 Nov 2026, 3:35 pm IST.');
    expect(window).toHaveTextContent(
      'Duplicates merged into another report and rejected reports are counted apart',
    );
  });

  it('is not shown to citizens, nor asked for', async () => {
    const asked = stubApi(answerFigures);
    await openAnalytics('/analytics', 'citizen');
    await screen.findByText('No anomalies in this window');
    expect(screen.queryByTestId('analytics-reports')).not.toBeInTheDocument();
    expect(asked).toEqual([]);
  });

  it('asks for the chosen area and period, names the area, and keeps them in the URL', async () => {
    const asked = stubApi(answerFigures);
    const { router } = await openAnalytics();
    await within(section()).findByTestId('analytics-reports-table');

    const areas = within(section()).getByTestId('analytics-reports-area');
    expect(
      within(areas)
        .getAllByRole('option')
        .map((option) => option.textContent)
        .slice(0, 3),
    ).toEqual(['Whole city', 'Esplanade', 'Park Street']);
    await userEvent.selectOptions(areas, 'Park Street');
    await waitFor(() =>
      expect(asked.at(-1)).toEqual({ city: 'kolkata', area: 'park-street', days: '30' }),
    );
    expect(
      await within(section()).findByText(
        'How the problems residents reported in Park Street, Kolkata were handled over the last 30 days.',
      ),
    ).toBeInTheDocument();

    await userEvent.selectOptions(
      within(section()).getByTestId('analytics-reports-days'),
      'Last 90 days',
    );
    await waitFor(() =>
      expect(asked.at(-1)).toEqual({ city: 'kolkata', area: 'park-street', days: '90' }),
    );
    const search = new URLSearchParams(router.state.location.search);
    expect(search.get('reportsArea')).toBe('park-street');
    expect(search.get('reportsDays')).toBe('90');

    // Another city has areas of its own: the whole of it is asked for.
    await userEvent.selectOptions(screen.getByTestId('analytics-city'), 'New York');
    await waitFor(() => expect(asked.at(-1)).toEqual({ city: 'new-york', days: '90' }));
    expect(within(section()).getByTestId('analytics-reports-area')).toHaveValue('');
  });

  it('exports the figures shown as <city>-<area>-reports-<days>d.csv, one row a category and one for all', async () => {
    stubApi(answerFigures);
    const blobs: Blob[] = [];
    vi.stubGlobal(
      'URL',
      class extends URL {
        static override createObjectURL(blob: Blob) {
          blobs.push(blob);
          return 'blob:report-figures-csv';
        }
        static override revokeObjectURL() {}
      },
    );
    const downloads: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      downloads.push(this.download);
    });
    await openAnalytics('/analytics?reportsArea=park-street&reportsDays=7');
    await within(section()).findByTestId('analytics-reports-table');

    await userEvent.click(
      within(section()).getByRole('button', { name: "Export CSV of citizens' reports" }),
    );

    expect(downloads).toEqual(['kolkata-park-street-reports-7d.csv']);
    const lines = (await blobs[0]!.text()).trimEnd().split('\n');
    expect(lines[0]).toBe(
      'category,opened,closed,closed_within_target,within_target_share,median_hours_to_close,rejected,duplicates,open_now,overdue_now',
    );
    expect(lines.slice(1).map((line) => line.split(',')[0])).toEqual([...REPORT_CATEGORIES, 'all']);
    expect(lines[1]).toBe(`pothole,6,3,2,${2 / 3},30,1,1,3,2`);
    expect(lines[2]).toBe(`garbage,3,3,1,${1 / 3},245,0,0,0,0`);
    // Nothing closed: no share and no median, left empty rather than written as 0.
    expect(lines[7]).toBe('noise,0,0,0,,,0,0,0,0');
    expect(lines.at(-1)).toBe('all,9,6,3,0.5,25,1,1,3,2');
  });

  it('says so when no report was made, ended or is open, and offers no export', async () => {
    stubApi((q) =>
      jsonResponse(
        figuresOf(
          'kolkata',
          null,
          Number(q.get('days') ?? 30),
          { pothole: QUIET, garbage: QUIET },
          QUIET,
        ),
      ),
    );
    await openAnalytics();
    expect(await within(section()).findByText('No reports in this period')).toBeInTheDocument();
    expect(section()).toHaveTextContent(
      'Nobody reported a problem in Kolkata during the last 30 days, and none is open.',
    );
    expect(within(section()).queryByTestId('analytics-reports-table')).not.toBeInTheDocument();
    expect(
      within(section()).getByRole('button', { name: "Export CSV of citizens' reports" }),
    ).toBeDisabled();
  });

  it('shows a spinner while the figures load, then an error with a retry that asks again', async () => {
    let calls = 0;
    let fail: (() => void) | undefined;
    stubApi((q) => {
      calls += 1;
      if (calls === 1) {
        return new Promise<Response>((resolve) => {
          fail = () =>
            resolve(jsonResponse({ error: { code: 'internal', message: 'Internal error' } }, 500));
        });
      }
      return answerFigures(q);
    });
    await openAnalytics();
    await waitFor(() => expect(fail).toBeDefined());
    expect(within(section()).getByRole('status')).toHaveTextContent('Loading...');
    act(() => fail!());

    const failed = await within(section()).findByTestId('analytics-reports-error');
    expect(failed).toHaveTextContent('The report figures could not be loaded.');
    await userEvent.click(within(failed).getByRole('button', { name: 'Retry' }));
    expect(await within(section()).findByTestId('analytics-reports-table')).toBeInTheDocument();
    expect(calls).toBe(2);
  });

  it('writes the section in Bengali, with the categories in Bengali and Bengali digits', async () => {
    await act(() => applyLanguage('bn'));
    try {
      stubApi(answerFigures);
      renderRoute('/analytics', { auth: signedIn({ role: 'operator' }) });
      const table = await within(await screen.findByTestId('analytics-reports')).findByTestId(
        'analytics-reports-table',
      );
      expect(
        within(section()).getByRole('heading', { name: 'নাগরিকদের অভিযোগ' }),
      ).toBeInTheDocument();
      expect(within(rowOf('pothole')).getByRole('rowheader')).toHaveTextContent('রাস্তায় গর্ত');
      expect(within(rowOf('pothole')).getByTestId('analytics-reports-opened')).toHaveTextContent(
        '৬',
      );
      expect(within(table).getByTestId('analytics-reports-total')).toHaveTextContent('সব সমস্যা');
    } finally {
      await act(() => applyLanguage('en'));
    }
  });
});
