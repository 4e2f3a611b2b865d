import type { ReportDetail } from '@smart-city/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubFetch } from '../../test/fetch-stub';
import { renderRoute, signedIn, signedOut } from '../../test/render';
import { citiesOr404, testReportDetail } from '../../test/report-fixtures';
import type { ReportMapProps } from './report-map';

vi.mock('./report-map', () => ({
  ReportMap: ({ label, point }: ReportMapProps) => (
    <div data-testid="map-stub" aria-label={label} data-point={JSON.stringify(point)} />
  ),
}));

/** GET /api/reports/42 answers with the report (or the given status), follow and unfollow too. */
function stubReport(report: ReportDetail | number) {
  return stubFetch((url, init) => {
    if (url === '/api/reports/42' && typeof report === 'number') {
      return Promise.resolve(jsonResponse({ error: { code: 'x', message: 'No' } }, report));
    }
    if (url === '/api/reports/42') return Promise.resolve(jsonResponse(report));
    if (url === '/api/reports/42/follow' && init?.method === 'POST') {
      return Promise.resolve(jsonResponse({ following: true, followers: 5 }));
    }
    if (url === '/api/reports/42/unfollow' && init?.method === 'POST') {
      return Promise.resolve(jsonResponse({ following: false, followers: 4 }));
    }
    return Promise.resolve(citiesOr404(url));
  });
}

const TIMELINE: ReportDetail['history'] = [
  {
    at: '2026-11-21T07:05:00.000Z',
    status: 'open',
    kind: 'created',
    actor: 'citizen',
    department: 'roads',
    note: null,
  },
  {
    at: '2026-11-21T08:05:00.000Z',
    status: 'acknowledged',
    kind: 'assigned',
    actor: 'operator',
    department: 'roads',
    note: null,
  },
  {
    at: '2026-11-21T09:05:00.000Z',
    status: 'in_progress',
    kind: 'status',
    actor: 'operator',
    department: 'roads',
    note: 'A crew is on the way with asphalt.',
  },
];

describe("a report's page", () => {
  it('shows a signed-in person the status, the deadline, the timeline and Follow', async () => {
    const fetchSpy = stubReport(testReportDetail({ status: 'in_progress', history: TIMELINE }));
    renderRoute('/reports/42', { auth: signedIn() });

    expect(await screen.findByRole('heading', { level: 1, name: 'Pothole' })).toBeInTheDocument();
    const detail = within(screen.getByTestId('report-detail'));
    expect(detail.getByText('Report #42')).toBeInTheDocument();
    expect(detail.getByTestId('report-status')).toHaveTextContent('In progress');
    expect(detail.getByTestId('report-deadline')).toHaveTextContent('Due in 5 hours');
    const facts = within(detail.getByRole('region', { name: 'About this report' }));
    expect(facts.getByText('3 hours ago')).toBeInTheDocument();
    expect(facts.getByText('Roads')).toBeInTheDocument();
    expect(facts.getByText('Park Street')).toBeInTheDocument();
    expect(facts.getByText('Outside 12 Park Street')).toBeInTheDocument();
    expect(detail.getByTestId('report-description')).toHaveTextContent(/deep pothole/);

    const events = within(detail.getByTestId('report-timeline')).getAllByTestId('report-event');
    expect(events.map((event) => event.textContent)).toEqual([
      'Reportedby a resident · 3 hours ago',
      'Assigned to Roadsby a city operator · 2 hours ago',
      'Now In progressby a city operator · 1 hour agoA crew is on the way with asphalt.',
    ]);

    expect(
      detail.getByRole('heading', { name: '4 people follow this report' }),
    ).toBeInTheDocument();
    await userEvent.click(detail.getByRole('button', { name: 'Follow' }));
    expect(
      await detail.findByRole('heading', { name: '5 people follow this report' }),
    ).toBeInTheDocument();
    expect(detail.getByRole('button', { name: 'Unfollow' })).toBeInTheDocument();
    expect(detail.getByText('You follow this report.')).toBeInTheDocument();
    expect(
      fetchSpy.mock.calls.some(
        ([url, init]) => url === '/api/reports/42/follow' && init?.method === 'POST',
      ),
    ).toBe(true);
    expect(screen.queryByRole('link', { name: 'Sign in to follow' })).not.toBeInTheDocument();
  });

  it('shows a visitor the report without signing in, with Sign in to follow', async () => {
    stubReport(testReportDetail());
    const { router } = renderRoute('/reports/42', { auth: signedOut });

    expect(await screen.findByRole('heading', { level: 1, name: 'Pothole' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/reports/42');
    expect(screen.queryByRole('navigation', { name: 'Main navigation' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Follow' })).not.toBeInTheDocument();
    expect(
      screen.getByRole('heading', { name: '4 people follow this report' }),
    ).toBeInTheDocument();

    await userEvent.click(screen.getByRole('link', { name: 'Sign in to follow' }));
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.state).toMatchObject({ from: { pathname: '/reports/42' } });
  });

  it('says a report past its deadline is overdue, in red words', async () => {
    stubReport(testReportDetail({ dueAt: '2026-11-21T08:05:00.000Z', overdue: true }));
    renderRoute('/reports/42', { auth: signedOut });
    const deadline = await screen.findByTestId('report-deadline');
    expect(deadline).toHaveTextContent('Overdue by 2 hours');
    expect(deadline).toHaveAttribute('data-overdue', 'true');
  });

  it('shows a closed report with when it closed, what was done, and the report it was merged into', async () => {
    stubReport(
      testReportDetail({
        status: 'closed',
        closedAt: '2026-11-19T10:05:00.000Z',
        statusNote: 'Filled and levelled.',
        mergedInto: '17',
      }),
    );
    renderRoute('/reports/42', { auth: signedOut });
    expect(await screen.findByTestId('report-deadline')).toHaveTextContent('Closed 2 days ago');
    expect(screen.getByTestId('report-status')).toHaveTextContent('Closed');
    const note = within(screen.getByTestId('report-status-note'));
    expect(note.getByRole('heading', { name: 'What was done' })).toBeInTheDocument();
    expect(note.getByText('Filled and levelled.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Report #17' })).toHaveAttribute('href', '/reports/17');
  });

  it('shows its photos, each a link to the photo', async () => {
    stubReport(
      testReportDetail({
        photos: [{ id: 'p1', url: '/api/reports/photos/p1', width: 800, height: 600 }],
      }),
    );
    renderRoute('/reports/42', { auth: signedOut });
    const photo = await screen.findByRole('img', { name: 'Photo 1 of report #42' });
    expect(photo).toHaveAttribute('src', '/api/reports/photos/p1');
    expect(photo.closest('a')).toHaveAttribute('href', '/api/reports/photos/p1');
  });

  it('says when there is no such report', async () => {
    stubReport(404);
    renderRoute('/reports/42', { auth: signedOut });
    expect(await screen.findByText('Report not found')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Reported problem' })).toBeInTheDocument();
  });

  it('offers Retry when the report cannot be loaded', async () => {
    const answers = [500, testReportDetail()];
    stubFetch((url) => {
      if (url !== '/api/reports/42') return Promise.resolve(citiesOr404(url));
      const next = answers.shift()!;
      return Promise.resolve(
        typeof next === 'number'
          ? jsonResponse({ error: { code: 'internal', message: 'Boom' } }, next)
          : jsonResponse(next),
      );
    });
    renderRoute('/reports/42', { auth: signedOut });
    expect(await screen.findByText('The report could not be loaded.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() =>
      expect(screen.getByRole('heading', { level: 1, name: 'Pothole' })).toBeInTheDocument(),
    );
  });
});
