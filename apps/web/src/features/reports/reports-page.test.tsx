import type { ReportList } from '@smart-city/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, requestedUrls, stubFetch } from '../../test/fetch-stub';
import { renderRoute, signedIn, signedOut } from '../../test/render';
import { citiesOr404, testReport } from '../../test/report-fixtures';
import type { ReportMapProps } from './report-map';

vi.mock('./report-map', () => ({
  ReportMap: ({ label, reports, onOpen }: ReportMapProps) => (
    <div data-testid="map-stub" data-reports={reports?.length ?? 0}>
      {label}
      <button type="button" onClick={() => onOpen?.(reports?.[0]?.id ?? '')}>
        Click the first dot
      </button>
    </div>
  ),
}));

/** GET /api/reports answers with the page its query asks for; the rest as the cities do. */
function stubList(pageOf: (query: URLSearchParams) => ReportList | number) {
  return stubFetch((url) => {
    const [path, search = ''] = url.split('?');
    if (path !== '/api/reports') return Promise.resolve(citiesOr404(url));
    const page = pageOf(new URLSearchParams(search));
    return Promise.resolve(
      typeof page === 'number'
        ? jsonResponse({ error: { code: 'internal', message: 'Boom' } }, page)
        : jsonResponse(page),
    );
  });
}

/** The queries the tracker sent to GET /api/reports, in order. */
function listQueries(fetchSpy: ReturnType<typeof stubFetch>): string[] {
  return requestedUrls(fetchSpy)
    .filter((url) => url.startsWith('/api/reports?'))
    .map((url) => url.slice('/api/reports?'.length));
}

const PAGE: ReportList = {
  items: [
    testReport(),
    testReport({
      id: '41',
      category: 'streetlight',
      status: 'closed',
      area: 'esplanade',
      address: null,
      closedAt: '2026-11-20T10:05:00.000Z',
    }),
  ],
  nextCursor: null,
};

describe('the public tracker', () => {
  it("lists a visitor the reader's city's reports, each linking to its page, without signing in", async () => {
    const fetchSpy = stubList(() => PAGE);
    const { router } = renderRoute('/reports', { auth: signedOut });

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Reported problems' }),
    ).toBeInTheDocument();
    const list = within(await screen.findByRole('list', { name: 'Reports' }));
    const items = list.getAllByRole('link');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveAttribute('href', '/reports/42');
    expect(items[0]).toHaveTextContent('Pothole');
    expect(items[0]).toHaveTextContent('Open');
    expect(items[0]).toHaveTextContent('Park Street · Report #42');
    expect(items[0]).toHaveTextContent('Reported 3 hours ago');
    expect(items[0]).toHaveTextContent('Due in 5 hours');
    expect(items[1]).toHaveTextContent('Streetlight out');
    expect(items[1]).toHaveTextContent('Esplanade · Report #41');
    expect(items[1]).toHaveTextContent('Closed yesterday');
    expect(listQueries(fetchSpy)).toEqual(['city=kolkata&limit=20']);
    expect(screen.getByTestId('map-stub')).toHaveAttribute('data-reports', '2');
    expect(screen.queryByRole('navigation', { name: 'Main navigation' })).not.toBeInTheDocument();

    // A visitor's call to action leads to sign-in, which then opens the form.
    const cta = screen.getByRole('link', { name: 'Report a problem' });
    expect(cta).toHaveAttribute('href', '/login');
    await userEvent.click(screen.getByRole('button', { name: 'Click the first dot' }));
    expect(router.state.location.pathname).toBe('/reports/42');
  });

  it('asks for what the filters say, and keeps them in the address', async () => {
    const fetchSpy = stubList(() => PAGE);
    const { router } = renderRoute('/reports?city=new-york', { auth: signedOut });
    await screen.findByRole('list', { name: 'Reports' });
    expect(screen.getByLabelText('City')).toHaveValue('new-york');

    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'closed' } });
    await waitFor(() =>
      expect(listQueries(fetchSpy).at(-1)).toBe('city=new-york&status=closed&limit=20'),
    );
    expect(router.state.location.search).toBe('?city=new-york&status=closed');

    fireEvent.change(screen.getByLabelText('Problem'), { target: { value: 'fallen_tree' } });
    await waitFor(() =>
      expect(listQueries(fetchSpy).at(-1)).toBe(
        'city=new-york&status=closed&category=fallen_tree&limit=20',
      ),
    );
    expect(router.state.location.search).toBe('?city=new-york&status=closed&category=fallen_tree');

    fireEvent.change(screen.getByLabelText('City'), { target: { value: 'all' } });
    await waitFor(() =>
      expect(listQueries(fetchSpy).at(-1)).toBe('status=closed&category=fallen_tree&limit=20'),
    );
    expect(router.state.location.search).toBe('?city=all&status=closed&category=fallen_tree');
    // Every city at once has no one city to frame: the list alone.
    expect(screen.queryByTestId('map-stub')).not.toBeInTheDocument();

    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'all' } });
    await waitFor(() =>
      expect(router.state.location.search).toBe('?city=all&category=fallen_tree'),
    );
  });

  it('loads the next page with its cursor', async () => {
    const fetchSpy = stubList((query) =>
      query.get('cursor') === 'after-41'
        ? { items: [testReport({ id: '40', category: 'noise' })], nextCursor: null }
        : { ...PAGE, nextCursor: 'after-41' },
    );
    renderRoute('/reports', { auth: signedOut });
    const list = await screen.findByRole('list', { name: 'Reports' });
    expect(within(list).getAllByRole('link')).toHaveLength(2);

    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(within(list).getAllByRole('link')).toHaveLength(3));
    expect(within(list).getAllByRole('link')[2]).toHaveTextContent('Noise');
    expect(listQueries(fetchSpy).at(-1)).toBe('city=kolkata&limit=20&cursor=after-41');
    expect(screen.getByText('3 reports shown')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('says when no report matches, with the call to action', async () => {
    stubList(() => ({ items: [], nextCursor: null }));
    renderRoute('/reports?status=rejected', { auth: signedIn() });
    expect(await screen.findByText('No reports match these filters')).toBeInTheDocument();
    // Signed in, the call to action opens the form itself.
    for (const link of screen.getAllByRole('link', { name: 'Report a problem' })) {
      expect(link).toHaveAttribute('href', '/reports/new');
    }
    expect(screen.getByRole('link', { name: 'My reports' })).toHaveAttribute(
      'href',
      '/reports/mine',
    );
  });

  it('offers Retry when the reports cannot be loaded', async () => {
    const answers: (ReportList | number)[] = [503, PAGE];
    stubList(() => answers.shift()!);
    renderRoute('/reports', { auth: signedOut });
    expect(await screen.findByText('The reports could not be loaded.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('list', { name: 'Reports' })).toBeInTheDocument();
  });
});
