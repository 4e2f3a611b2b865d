import type {
  ReportContext,
  ReportDetail,
  ReportStatus,
  StaffMember,
  StaffReport,
} from '@smart-city/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { jsonBodyOf, jsonResponse, requestedUrls, stubFetch } from '../../test/fetch-stub';
import { renderRoute, signedIn } from '../../test/render';
import {
  citiesOr404,
  testNearbyReport,
  testReport,
  testReportDetail,
} from '../../test/report-fixtures';
import type { ReportMapProps } from './report-map';

vi.mock('./report-map', () => ({
  ReportMap: ({ label, reports, point, onOpen }: ReportMapProps) => (
    <div
      data-testid="map-stub"
      data-reports={reports?.map((report) => report.id).join(',')}
      data-point={point ? `${point.lat},${point.lng}` : ''}
    >
      {label}
      {reports?.map((report) => (
        <button key={report.id} type="button" onClick={() => onOpen?.(report.id)}>
          Dot {report.id}
        </button>
      ))}
    </div>
  ),
}));

/** A report as the queue lists it to staff; any field can be replaced. */
function staffReport(overrides: Partial<StaffReport> = {}): StaffReport {
  return { ...testReport(), assignee: null, source: 'app', escalatedAt: null, ...overrides };
}

const STAFF: StaffMember[] = [
  { id: 'op-1', name: 'Asha Sen', username: 'asha', role: 'operator' },
  { id: 'op-2', name: 'Ravi Kumar', username: 'ravi', role: 'operator' },
];

const CONTEXT: ReportContext = {
  sensors: [
    {
      id: 'kolkata-water-park-street',
      name: 'Park Street water main',
      type: 'water',
      status: 'active',
      value: 3.2,
      unit: 'bar',
      distanceM: 120,
    },
    {
      id: 'kolkata-traffic-park-street',
      name: 'Park Street crossing',
      type: 'traffic',
      status: 'offline',
      value: null,
      unit: '%',
      distanceM: 340,
    },
  ],
  alerts: [
    {
      id: 'alert-7',
      title: 'Pressure drop on Park Street',
      severity: 'high',
      sensorId: 'kolkata-water-park-street',
      createdAt: '2026-11-21T09:35:00.000Z',
      distanceM: 120,
    },
  ],
};

/** The queue's three reports, the earliest deadline first, as the server orders them. */
const QUEUE: StaffReport[] = [
  staffReport({
    id: '40',
    category: 'fallen_tree',
    area: 'esplanade',
    address: null,
    dueAt: '2026-11-21T08:05:00.000Z',
    overdue: true,
    department: 'parks',
    followers: 1,
  }),
  // Due in five and a half hours: it reads 'Due in 5 hours' however long a busy machine takes.
  staffReport({ dueAt: '2026-11-21T15:35:00.000Z' }),
  staffReport({
    id: '41',
    category: 'streetlight',
    status: 'acknowledged',
    dueAt: '2026-11-22T10:05:00.000Z',
    department: 'lighting',
    assignee: { id: 'op-2', name: 'Ravi Kumar' },
  }),
];

type Answer = Response | undefined;

/**
 * The API the triage screen reads, holding its reports so the actions change what the next
 * reads answer. Each handler can be replaced; every request is kept.
 */
function fakeServer(
  options: {
    queue?: (query: URLSearchParams) => Answer;
    status?: (body: { status: ReportStatus; note?: string }) => Answer;
    merge?: (into: string) => Answer;
    nearby?: Answer;
  } = {},
) {
  const reports = new Map(QUEUE.map((report) => [report.id, { ...report }]));
  const history: ReportDetail['history'] = [
    {
      at: '2026-11-21T07:05:00.000Z',
      status: 'open',
      kind: 'created',
      actor: 'citizen',
      department: 'roads',
      note: null,
    },
  ];
  const detailOf = (report: StaffReport): ReportDetail => {
    const { assignee: _assignee, source: _source, escalatedAt: _escalatedAt, ...open } = report;
    return testReportDetail({
      ...open,
      photos:
        report.id === '42'
          ? [{ id: 'p1', url: '/api/reports/photos/p1', width: 800, height: 600 }]
          : [],
      history,
    });
  };
  const fetchSpy = stubFetch((raw, init) => {
    const { pathname, searchParams } = new URL(raw, 'http://localhost');
    const post = init?.method === 'POST';
    if (pathname === '/api/reports/queue') {
      const answer = options.queue?.(searchParams);
      if (answer) return Promise.resolve(answer);
      const status = searchParams.get('status');
      const items = [...reports.values()].filter((report) =>
        status === 'active'
          ? ['open', 'acknowledged', 'in_progress'].includes(report.status)
          : report.status === status,
      );
      return Promise.resolve(jsonResponse({ items, nextCursor: null }));
    }
    if (pathname === '/api/staff') return Promise.resolve(jsonResponse({ items: STAFF }));
    if (pathname === '/api/reports/nearby') {
      return Promise.resolve(
        options.nearby ??
          jsonResponse({
            items: [
              testNearbyReport({ id: '42', distanceM: 0 }),
              testNearbyReport({ id: '39', distanceM: 35, followers: 6 }),
            ],
          }),
      );
    }
    const match = /^\/api\/reports\/(\d+)(?:\/(\w+))?$/.exec(pathname);
    const report = match ? reports.get(match[1]!) : undefined;
    if (match && report) {
      const action = match[2];
      if (action === undefined) return Promise.resolve(jsonResponse(detailOf(report)));
      if (action === 'context') return Promise.resolve(jsonResponse(CONTEXT));
      if (action === 'status' && post) {
        const body = jsonBodyOf(init) as { status: ReportStatus; note?: string };
        const answer = options.status?.(body);
        if (answer) return Promise.resolve(answer);
        report.status = body.status;
        report.statusNote = body.note ?? null;
        history.push({
          at: '2026-11-21T10:05:00.000Z',
          status: body.status,
          kind: 'status',
          actor: 'operator',
          department: report.department,
          note: body.note ?? null,
        });
        return Promise.resolve(jsonResponse(report));
      }
      if (action === 'assign' && post) {
        const body = jsonBodyOf(init) as {
          department: StaffReport['department'];
          assigneeId: string | null;
        };
        report.department = body.department;
        const person = STAFF.find((one) => one.id === body.assigneeId);
        report.assignee = person ? { id: person.id, name: person.name } : null;
        return Promise.resolve(jsonResponse(report));
      }
      if (action === 'merge' && post) {
        const { into } = jsonBodyOf(init) as { into: string };
        const answer = options.merge?.(into);
        if (answer) return Promise.resolve(answer);
        const kept = reports.get(into) ?? staffReport({ id: into });
        report.status = 'closed';
        report.mergedInto = into;
        kept.followers += report.followers;
        reports.set(into, kept);
        return Promise.resolve(jsonResponse(kept));
      }
    }
    return Promise.resolve(citiesOr404(raw));
  });
  /** The queries the screen sent to GET /api/reports/queue, in order. */
  const queueQueries = () =>
    requestedUrls(fetchSpy)
      .filter((url) => url.startsWith('/api/reports/queue?'))
      .map((url) => url.slice('/api/reports/queue?'.length));
  /** The bodies POSTed to one of a report's actions. */
  const posted = (path: string) =>
    fetchSpy.mock.calls
      .filter(([url, init]) => url === path && init?.method === 'POST')
      .map(([, init]) => jsonBodyOf(init));
  return { fetchSpy, queueQueries, posted };
}

const asOperator = () => signedIn({ id: 'op-1', role: 'operator', firstName: 'Asha' });

/** The panel of the open report. */
async function panel() {
  return within(await screen.findByTestId('triage-panel'));
}

describe('the triage screen', () => {
  it("lists an operator the city's reports to triage, the earliest deadline first, with a row's facts", async () => {
    const server = fakeServer();
    renderRoute('/reports/queue', { auth: asOperator() });

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Report queue' }),
    ).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Reports to triage' });
    const rows = within(list).getAllByRole('link');
    expect(rows.map((row) => within(row).getByText(/^Report #/).textContent)).toEqual([
      'Report #40 · Esplanade',
      'Report #42 · Park Street',
      'Report #41 · Park Street',
    ]);
    expect(server.queueQueries()).toEqual(['city=kolkata&status=active&limit=25']);

    const overdue = within(rows[0]!);
    expect(overdue.getByText('Fallen tree')).toBeInTheDocument();
    expect(overdue.getByTestId('report-deadline')).toHaveTextContent('Overdue by 2 hours');
    expect(overdue.getByTestId('report-deadline')).toHaveAttribute('data-overdue', 'true');
    expect(overdue.getByTestId('triage-item-assignee')).toHaveTextContent(
      'Parks and trees, nobody yet',
    );
    expect(overdue.getByText('1 follower')).toBeInTheDocument();

    const due = within(rows[1]!);
    expect(due.getByText('Pothole')).toBeInTheDocument();
    expect(due.getByTestId('report-status')).toHaveTextContent('Open');
    expect(due.getByTestId('report-deadline')).toHaveTextContent('Due in 5 hours');
    expect(rows[1]).toHaveTextContent('Reported 3 hours ago');
    expect(due.getByText('4 followers')).toBeInTheDocument();

    const assigned = within(rows[2]!);
    expect(assigned.getByTestId('report-status')).toHaveTextContent('Acknowledged');
    expect(assigned.getByTestId('triage-item-assignee')).toHaveTextContent(
      'Assigned to Ravi Kumar, Street lighting',
    );

    expect(screen.getByTestId('map-stub')).toHaveAttribute('data-reports', '40,42,41');
    expect(
      screen.getByText('Choose a report from the list or the map to triage it.'),
    ).toBeVisible();

    // Staff find the screen in the navigation, after the public reports.
    const nav = screen.getAllByRole('navigation', { name: 'Main navigation' })[0]!;
    const names = within(nav)
      .getAllByRole('link')
      .map((link) => link.textContent?.trim());
    expect(names.slice(names.indexOf('Reports'), names.indexOf('Reports') + 2)).toEqual([
      'Reports',
      'Report queue',
    ]);
    expect(within(nav).getByRole('link', { name: 'Report queue' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(within(nav).getByRole('link', { name: 'Reports' })).not.toHaveAttribute(
      'aria-current',
      'page',
    );
  });

  it('asks for what the filters say and keeps them in the address', async () => {
    const server = fakeServer();
    const { router } = renderRoute('/reports/queue', { auth: asOperator() });
    await screen.findByRole('list', { name: 'Reports to triage' });

    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'in_progress' } });
    fireEvent.change(screen.getByLabelText('Problem'), { target: { value: 'pothole' } });
    fireEvent.change(screen.getByLabelText('Department'), { target: { value: 'roads' } });
    await userEvent.click(screen.getByLabelText('Overdue only'));

    await waitFor(() =>
      expect(server.queueQueries().at(-1)).toBe(
        'city=kolkata&status=in_progress&category=pothole&department=roads&overdue=true&limit=25',
      ),
    );
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
      status: 'in_progress',
      category: 'pothole',
      department: 'roads',
      overdue: 'true',
    });

    // Nothing is in progress: the empty queue offers to clear the filters.
    expect(await screen.findByText('No reports need attention')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Clear the filters' }));
    expect(router.state.location.search).toBe('');
    expect(await screen.findByRole('list', { name: 'Reports to triage' })).toBeInTheDocument();
  });

  it('loads the next page with its cursor', async () => {
    const server = fakeServer({
      queue: (query) =>
        jsonResponse(
          query.get('cursor') === 'after-42'
            ? { items: [QUEUE[2]], nextCursor: null }
            : { items: QUEUE.slice(0, 2), nextCursor: 'after-42' },
        ),
    });
    renderRoute('/reports/queue', { auth: asOperator() });
    const list = await screen.findByRole('list', { name: 'Reports to triage' });
    expect(within(list).getAllByRole('link')).toHaveLength(2);
    expect(screen.getByText('2 reports loaded')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(within(list).getAllByRole('link')).toHaveLength(3));
    expect(server.queueQueries().at(-1)).toBe(
      'city=kolkata&status=active&limit=25&cursor=after-42',
    );
    expect(screen.getByText('3 reports loaded')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('says when no report needs attention, and offers Retry when the queue cannot be loaded', async () => {
    const answers = [
      jsonResponse({ error: { code: 'internal', message: 'Boom' } }, 503),
      jsonResponse({ items: [], nextCursor: null }),
    ];
    fakeServer({ queue: () => answers.shift() });
    renderRoute('/reports/queue', { auth: asOperator() });
    expect(await screen.findByText('The queue could not be loaded.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('No reports need attention')).toBeInTheDocument();
    // Nothing filtered: nothing to clear.
    expect(screen.queryByRole('button', { name: 'Clear the filters' })).not.toBeInTheDocument();
  });

  it('opens a report from the list or the map in the side panel, named in the address', async () => {
    fakeServer();
    const { router } = renderRoute('/reports/queue', { auth: asOperator() });
    const list = await screen.findByRole('list', { name: 'Reports to triage' });

    await userEvent.click(within(list).getByRole('link', { name: /Report #42/ }));
    expect(router.state.location.search).toBe('?report=42');
    const details = await panel();
    expect(details.getByRole('heading', { name: 'Report #42' })).toHaveFocus();
    expect(await details.findByTestId('triage-description')).toHaveTextContent(/deep pothole/);
    expect(details.getByRole('img', { name: 'Photo 1 of report #42' })).toHaveAttribute(
      'src',
      '/api/reports/photos/p1',
    );
    expect(within(details.getByTestId('report-timeline')).getByText('Reported')).toBeVisible();
    expect(details.getByTestId('triage-assignee')).toHaveTextContent('Nobody yet');
    expect(within(list).getByRole('link', { name: /Report #42/ })).toHaveAttribute(
      'aria-current',
      'true',
    );
    // The map pins the report open.
    expect(screen.getByTestId('map-stub')).toHaveAttribute('data-point', '22.5526,88.3525');

    await userEvent.click(screen.getByRole('button', { name: 'Dot 41' }));
    expect(router.state.location.search).toBe('?report=41');
    expect(await (await panel()).findByRole('heading', { name: 'Report #41' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Hide report #41' }));
    expect(router.state.location.search).toBe('');
    expect(screen.queryByTestId('triage-panel')).not.toBeInTheDocument();
  });

  it('closes a report only with what was done, and shows it closed everywhere after', async () => {
    const server = fakeServer();
    renderRoute('/reports/queue?report=42', { auth: asOperator() });
    const details = await panel();
    const status = within(await details.findByTestId('triage-status'));

    // From open, the next statuses the rules allow.
    expect(
      status.getAllByRole('radio').map((radio) => radio.closest('label')?.textContent),
    ).toEqual(['Acknowledged', 'In progress', 'Closed', 'Rejected']);
    await userEvent.click(status.getByRole('radio', { name: 'Closed' }));
    const note = status.getByRole('textbox', { name: 'What was done' });
    await userEvent.click(status.getByRole('button', { name: 'Change status' }));
    expect(await status.findByText('Write what was done before closing the report.')).toBeVisible();
    expect(note).toHaveFocus();
    expect(server.posted('/api/reports/42/status')).toEqual([]);

    // Rejecting asks for a reason instead.
    await userEvent.click(status.getByRole('radio', { name: 'Rejected' }));
    expect(status.getByRole('textbox', { name: 'Why it is rejected' })).toBeInTheDocument();
    await userEvent.click(status.getByRole('radio', { name: 'Closed' }));

    await userEvent.type(
      status.getByRole('textbox', { name: 'What was done' }),
      'Filled and levelled.',
    );
    await userEvent.click(status.getByRole('button', { name: 'Change status' }));
    await waitFor(() =>
      expect(server.posted('/api/reports/42/status')).toEqual([
        { status: 'closed', note: 'Filled and levelled.' },
      ]),
    );
    expect(await screen.findByText('Report #42 is now: Closed')).toBeInTheDocument();

    // The panel and the queue read it again: closed, with its note, and out of the active queue.
    await waitFor(() =>
      expect(details.getAllByTestId('report-status')[0]).toHaveTextContent('Closed'),
    );
    // The resolution above the facts, and the step on the timeline.
    expect(details.getAllByText('Filled and levelled.')).toHaveLength(2);
    expect(details.queryByTestId('triage-status')).not.toBeInTheDocument();
    expect(
      details.getByText('This report has ended: it can no longer be assigned, moved on or merged.'),
    ).toBeInTheDocument();
    const list = screen.getByRole('list', { name: 'Reports to triage' });
    await waitFor(() =>
      expect(within(list).queryByRole('link', { name: /Report #42/ })).not.toBeInTheDocument(),
    );
  });

  it("shows the server's refusal when the report moved on meanwhile", async () => {
    fakeServer({
      status: () =>
        jsonResponse(
          {
            error: {
              code: 'conflict',
              message: 'Report 42 cannot move from closed to in_progress',
            },
          },
          409,
        ),
    });
    renderRoute('/reports/queue?report=42', { auth: asOperator() });
    const status = within(await (await panel()).findByTestId('triage-status'));
    await userEvent.click(status.getByRole('radio', { name: 'In progress' }));
    await userEvent.click(status.getByRole('button', { name: 'Change status' }));
    expect(await status.findByRole('alert')).toHaveTextContent(
      'The report cannot move to that status: it changed meanwhile. Its panel now shows where it stands.',
    );
  });

  it('assigns a report to a department and one of its staff', async () => {
    const server = fakeServer();
    renderRoute('/reports/queue?report=42', { auth: asOperator() });
    const assign = within(await (await panel()).findByTestId('triage-assign'));

    const department = assign.getByRole('combobox', { name: 'Department' });
    expect(department).toHaveValue('roads');
    expect(within(department).getAllByRole('option')).toHaveLength(8);
    const person = assign.getByRole('combobox', { name: 'Person (optional)' });
    await waitFor(() => expect(person).toBeEnabled());
    expect(
      within(person)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Anyone in the department', 'Asha Sen (Operator)', 'Ravi Kumar (Operator)']);

    await userEvent.selectOptions(department, 'sanitation');
    await userEvent.selectOptions(person, 'op-2');
    await userEvent.click(assign.getByRole('button', { name: 'Assign' }));
    await waitFor(() =>
      expect(server.posted('/api/reports/42/assign')).toEqual([
        { department: 'sanitation', assigneeId: 'op-2' },
      ]),
    );
    expect(
      await screen.findByText('Report #42 assigned to Ravi Kumar, Sanitation'),
    ).toBeInTheDocument();
    // The queue reads it again: the row and the panel name the new assignee.
    const row = within(screen.getByRole('link', { name: /Report #42/ }));
    await waitFor(() =>
      expect(row.getByTestId('triage-item-assignee')).toHaveTextContent(
        'Assigned to Ravi Kumar, Sanitation',
      ),
    );
    expect((await panel()).getByTestId('triage-assignee')).toHaveTextContent('Ravi Kumar');
  });

  it('merges a duplicate into a report typed by its number, or one offered nearby', async () => {
    const server = fakeServer();
    const { router } = renderRoute('/reports/queue?report=42', { auth: asOperator() });
    const merge = within(await (await panel()).findByTestId('triage-merge'));

    // Not a number, or itself: said before anything is sent.
    const number = merge.getByRole('textbox', { name: 'Number of the report to keep' });
    await userEvent.type(number, 'forty');
    await userEvent.click(merge.getByRole('button', { name: 'Merge' }));
    expect(merge.getByText('Enter a report number, such as 41.')).toBeVisible();
    await userEvent.clear(number);
    await userEvent.type(number, '42');
    await userEvent.click(merge.getByRole('button', { name: 'Merge' }));
    expect(merge.getByText('A report cannot be merged into itself.')).toBeVisible();
    expect(server.posted('/api/reports/42/merge')).toEqual([]);

    // The open reports of the same problem nearby, itself left out, each one click away.
    const nearby = within(await merge.findByTestId('triage-merge-nearby'));
    expect(nearby.getAllByRole('listitem')).toHaveLength(1);
    expect(nearby.getByRole('listitem')).toHaveTextContent('Report #39');
    expect(nearby.getByRole('listitem')).toHaveTextContent('35 m away');
    expect(nearby.getByRole('listitem')).toHaveTextContent('6 followers');

    await userEvent.clear(number);
    await userEvent.type(number, '#41');
    await userEvent.click(merge.getByRole('button', { name: 'Merge' }));
    await waitFor(() => expect(server.posted('/api/reports/42/merge')).toEqual([{ into: '41' }]));
    expect(await screen.findByText('Report #42 merged into #41')).toBeInTheDocument();
    // The report kept opens, with the followers it took over.
    expect(router.state.location.search).toBe('?report=41');
    expect(await screen.findByRole('heading', { name: 'Report #41' })).toHaveFocus();
    const list = screen.getByRole('list', { name: 'Reports to triage' });
    await waitFor(() =>
      expect(within(list).queryByRole('link', { name: /Report #42/ })).not.toBeInTheDocument(),
    );
    expect(within(list).getByRole('link', { name: /Report #41/ })).toHaveTextContent('8 followers');
  });

  it('merges in one click into a report nearby, and says why the server refused', async () => {
    const server = fakeServer({
      merge: () =>
        jsonResponse({ error: { code: 'conflict', message: 'Report 39 has ended' } }, 409),
    });
    renderRoute('/reports/queue?report=42', { auth: asOperator() });
    const merge = within(await (await panel()).findByTestId('triage-merge'));
    await userEvent.click(await merge.findByRole('button', { name: 'Merge into #39' }));
    await waitFor(() => expect(server.posted('/api/reports/42/merge')).toEqual([{ into: '39' }]));
    expect(await merge.findByRole('alert')).toHaveTextContent(
      'These reports cannot be merged: one of them has ended, or they are in different cities.',
    );
  });

  it('shows the sensors and active alerts near the report, each linking to its screen', async () => {
    fakeServer();
    renderRoute('/reports/queue?report=42', { auth: asOperator() });
    const context = within(await (await panel()).findByTestId('triage-context'));
    expect(context.getByText('Within 500 m of the report, nearest first.')).toBeInTheDocument();

    const alerts = within(await context.findByTestId('triage-context-alerts'));
    expect(alerts.getByRole('link', { name: 'Pressure drop on Park Street' })).toHaveAttribute(
      'href',
      '/alerts/alert-7',
    );
    expect(alerts.getByRole('listitem')).toHaveTextContent(
      'High · 120 m away · Raised 30 minutes ago',
    );

    const sensors = within(context.getByTestId('triage-context-sensors'));
    const [water, traffic] = sensors.getAllByRole('listitem');
    expect(within(water!).getByRole('link', { name: 'Park Street water main' })).toHaveAttribute(
      'href',
      '/sensors?sensor=kolkata-water-park-street',
    );
    expect(water).toHaveTextContent('Water · Active · 3.2 bar · 120 m away');
    expect(within(traffic!).getByRole('link', { name: 'Park Street crossing' })).toHaveAttribute(
      'href',
      '/sensors?sensor=kolkata-traffic-park-street',
    );
    expect(traffic).toHaveTextContent('Traffic · Offline · No reading yet · 340 m away');
  });

  it('is neither offered nor opened to a citizen', async () => {
    const server = fakeServer();
    renderRoute('/reports/queue?report=42', { auth: signedIn({ role: 'citizen' }) });
    expect(await screen.findByText('Access Denied')).toBeInTheDocument();
    const nav = screen.getAllByRole('navigation', { name: 'Main navigation' })[0]!;
    expect(within(nav).getByRole('link', { name: 'Reports' })).toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: 'Report queue' })).not.toBeInTheDocument();
    expect(server.queueQueries()).toEqual([]);
    expect(requestedUrls(server.fetchSpy).filter((url) => url.startsWith('/api/reports'))).toEqual(
      [],
    );
  });
});
