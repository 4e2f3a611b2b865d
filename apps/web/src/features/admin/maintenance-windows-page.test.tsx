import type { MaintenanceWindow } from '@smart-city/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { CITIES } from '../../test/city-fixtures';
import { minutesAgo } from '../../test/clock';
import { jsonBodyOf, jsonResponse, stubFetch } from '../../test/fetch-stub';
import { renderRoute, signedIn } from '../../test/render';

const HOUR = 60;
const inMinutes = (minutes: number) => minutesAgo(-minutes);

const BRIDGE: MaintenanceWindow = {
  id: 'w-1',
  city: 'kolkata',
  sensorIds: null,
  type: 'traffic',
  area: 'howrah',
  startsAt: minutesAgo(30),
  endsAt: inMinutes(90),
  reason: 'Bridge deck resurfacing',
  createdBy: 'Admin User <admin@smartcity.local>',
  createdAt: minutesAgo(60),
  active: true,
};

const FILTERS: MaintenanceWindow = {
  ...BRIDGE,
  id: 'w-2',
  sensorIds: ['kolkata-air-quality-gariahat', 'kolkata-air-quality-park-street'],
  type: null,
  area: null,
  startsAt: inMinutes(2 * HOUR),
  endsAt: inMinutes(5 * HOUR),
  reason: 'Filter change',
  active: false,
};

const LAST_WEEK: MaintenanceWindow = {
  ...BRIDGE,
  id: 'w-3',
  type: null,
  area: null,
  startsAt: minutesAgo(3 * 24 * HOUR),
  endsAt: minutesAgo(2 * 24 * HOUR),
  reason: 'Citywide firmware update',
  active: false,
};

/** The maintenance-window endpoints over a list kept in memory; any answer can be replaced. */
function fakeWindowsServer(
  options: {
    windows?: MaintenanceWindow[];
    list?: () => Response;
    create?: () => Response;
  } = {},
) {
  let windows = options.windows ?? [BRIDGE, FILTERS, LAST_WEEK];
  const calls: { method: string; path: string; search: string; body: unknown }[] = [];
  stubFetch((raw, init) => {
    const { pathname, search } = new URL(raw, 'http://localhost');
    const method = init?.method ?? 'GET';
    calls.push({ method, path: pathname, search, body: jsonBodyOf(init) });
    if (pathname === '/api/cities') return Promise.resolve(jsonResponse(CITIES));
    if (pathname === '/api/maintenance-windows' && method === 'GET') {
      const city = new URLSearchParams(search).get('city');
      return Promise.resolve(
        options.list?.() ?? jsonResponse(windows.filter((w) => w.city === city)),
      );
    }
    if (pathname === '/api/maintenance-windows' && method === 'POST') {
      if (options.create) return Promise.resolve(options.create());
      const body = jsonBodyOf(init) as Omit<MaintenanceWindow, 'id'>;
      const made: MaintenanceWindow = {
        id: 'w-new',
        city: body.city,
        sensorIds: body.sensorIds ?? null,
        type: body.type ?? null,
        area: body.area ?? null,
        startsAt: body.startsAt,
        endsAt: body.endsAt,
        reason: body.reason.trim(),
        createdBy: 'Admin User <admin@smartcity.local>',
        createdAt: minutesAgo(0),
        active: Date.parse(body.startsAt) <= Date.now(),
      };
      windows = [made, ...windows];
      return Promise.resolve(jsonResponse(made, 201));
    }
    if (pathname.startsWith('/api/maintenance-windows/') && method === 'DELETE') {
      const id = decodeURIComponent(pathname.split('/').at(-1)!);
      windows = windows.filter((w) => w.id !== id);
      return Promise.resolve(new Response(null, { status: 204 }));
    }
    return Promise.resolve(
      jsonResponse({ error: { code: 'not_found', message: 'Not found' } }, 404),
    );
  });
  return { calls: (method: string) => calls.filter((call) => call.method === method) };
}

const asAdmin = () => signedIn({ id: 'admin-1', role: 'admin' });
const rows = () => screen.getAllByTestId('maintenance-row');
const row = (text: string) => rows().find((r) => within(r).queryByText(text))!;
const open = () => renderRoute('/admin/maintenance', { auth: asAdmin() });

beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});

describe('the Maintenance windows screen', () => {
  it("lists the city's current, upcoming and recent windows with what they cover and when", async () => {
    fakeWindowsServer();
    open();
    await waitFor(() => expect(rows()).toHaveLength(3));
    expect(rows().map((r) => r.dataset.state)).toEqual(['current', 'upcoming', 'ended']);
    const bridge = within(row('Bridge deck resurfacing'));
    expect(bridge.getByTestId('maintenance-row-state')).toHaveTextContent('In progress');
    expect(bridge.getByTestId('maintenance-row-scope')).toHaveTextContent('Traffic · Howrah');
    // On the city's clock: Kolkata is UTC+5:30.
    expect(bridge.getByText('21 Nov 2026, 3:05 pm IST')).toBeInTheDocument();
    expect(bridge.getByText('Scheduled by Admin User <admin@smartcity.local>')).toBeInTheDocument();
    expect(bridge.getByRole('button', { name: 'End now Traffic · Howrah' })).toBeVisible();
    const filters = within(row('Filter change'));
    expect(filters.getByTestId('maintenance-row-scope')).toHaveTextContent(
      '2 sensors: kolkata-air-quality-gariahat, kolkata-air-quality-park-street',
    );
    expect(filters.getByRole('button', { name: /^Call off/ })).toBeVisible();
    const ended = within(row('Citywide firmware update'));
    expect(ended.getByTestId('maintenance-row-scope')).toHaveTextContent(
      'Every sensor of the city',
    );
    expect(ended.queryByRole('button')).not.toBeInTheDocument();
  });

  it('schedules a window for one area on the city clock, and lists it', async () => {
    const server = fakeWindowsServer({ windows: [] });
    open();
    expect(await screen.findByText('No maintenance windows')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('radio', { name: 'One area' }));
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Area' }), 'Salt Lake');
    const starts = screen.getByLabelText('Starts');
    const ends = screen.getByLabelText('Ends');
    expect(starts).toHaveAccessibleDescription('Times in India Standard Time.');
    await userEvent.clear(starts);
    await userEvent.type(starts, '2026-11-21T16:00');
    await userEvent.clear(ends);
    await userEvent.type(ends, '2026-11-21T18:30');
    await userEvent.type(
      screen.getByRole('textbox', { name: 'Reason' }),
      '  Pipe laying on Sector V  ',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Schedule window' }));
    await waitFor(() => expect(server.calls('POST')).toHaveLength(1));
    expect(server.calls('POST')[0]!.body).toEqual({
      city: 'kolkata',
      area: 'salt-lake',
      startsAt: '2026-11-21T10:30:00.000Z',
      endsAt: '2026-11-21T13:00:00.000Z',
      reason: 'Pipe laying on Sector V',
    });
    expect(await screen.findByText('Maintenance window scheduled.')).toBeInTheDocument();
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(within(rows()[0]!).getByTestId('maintenance-row-scope')).toHaveTextContent('Salt Lake');
  });

  it('names what is missing or wrong before sending anything', async () => {
    const server = fakeWindowsServer({ windows: [] });
    open();
    await screen.findByText('No maintenance windows');
    await userEvent.click(screen.getByRole('radio', { name: 'Sensors by id' }));
    const starts = screen.getByLabelText('Starts');
    await userEvent.clear(starts);
    await userEvent.type(starts, '2026-11-21T11:00');
    const ends = screen.getByLabelText('Ends');
    await userEvent.clear(ends);
    await userEvent.type(ends, '2026-11-21T12:00');
    await userEvent.click(screen.getByRole('button', { name: 'Schedule window' }));
    expect(screen.getByRole('textbox', { name: 'Sensor ids' })).toHaveAccessibleDescription(
      /Enter at least one sensor id/,
    );
    expect(ends).toHaveAccessibleDescription(/The end must be in the future/);
    expect(screen.getByRole('textbox', { name: 'Reason' })).toHaveAccessibleDescription(
      /Enter a reason/,
    );
    expect(server.calls('POST')).toEqual([]);
  });

  it('sends sensors by id, and shows why the server refused them', async () => {
    const server = fakeWindowsServer({
      windows: [],
      create: () =>
        jsonResponse(
          {
            error: {
              code: 'invalid_input',
              message: 'Invalid input: sensorIds are not sensors of kolkata: nope',
              details: [{ path: 'sensorIds', message: 'are not sensors of kolkata: nope' }],
            },
          },
          400,
        ),
    });
    open();
    await screen.findByText('No maintenance windows');
    await userEvent.click(screen.getByRole('radio', { name: 'Sensors by id' }));
    await userEvent.type(
      screen.getByRole('textbox', { name: 'Sensor ids' }),
      'kolkata-traffic-howrah-bridge,\nnope, kolkata-traffic-howrah-bridge',
    );
    await userEvent.type(screen.getByRole('textbox', { name: 'Reason' }), 'Cabling');
    await userEvent.click(screen.getByRole('button', { name: 'Schedule window' }));
    await waitFor(() => expect(server.calls('POST')).toHaveLength(1));
    expect(server.calls('POST')[0]!.body).toMatchObject({
      sensorIds: ['kolkata-traffic-howrah-bridge', 'nope'],
    });
    const error = await screen.findByTestId('maintenance-create-error');
    expect(error).toHaveTextContent('The window could not be scheduled.');
  });

  it('ends a window after confirming', async () => {
    const server = fakeWindowsServer();
    open();
    await waitFor(() => expect(rows()).toHaveLength(3));
    await userEvent.click(
      within(row('Bridge deck resurfacing')).getByRole('button', { name: /^End now/ }),
    );
    const dialog = screen.getByRole('alertdialog', { name: 'End this window now?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'End now' }));
    expect(await screen.findByText('The maintenance window was ended.')).toBeInTheDocument();
    expect(server.calls('DELETE').map((c) => c.path)).toEqual(['/api/maintenance-windows/w-1']);
    await waitFor(() => expect(rows()).toHaveLength(2));
  });

  it('follows the city chosen in the form', async () => {
    const server = fakeWindowsServer();
    open();
    await waitFor(() => expect(rows()).toHaveLength(3));
    await userEvent.selectOptions(screen.getByTestId('maintenance-city'), 'New York');
    expect(await screen.findByText('No maintenance windows')).toBeInTheDocument();
    expect(server.calls('GET').map((c) => c.search)).toContain('?city=new-york');
  });

  it('says when the windows could not be loaded', async () => {
    fakeWindowsServer({
      list: () => jsonResponse({ error: { code: 'internal', message: 'down' } }, 500),
    });
    open();
    expect(await screen.findByTestId('maintenance-error')).toHaveTextContent(
      'The maintenance windows could not be loaded.',
    );
  });

  it('is closed to operators', async () => {
    fakeWindowsServer();
    renderRoute('/admin/maintenance', { auth: signedIn({ role: 'operator' }) });
    expect(await screen.findByRole('heading', { name: 'Access Denied' })).toBeInTheDocument();
  });
});
