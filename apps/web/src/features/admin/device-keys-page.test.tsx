import type { DeviceKey } from '@smart-city/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonBodyOf, jsonResponse, stubFetch } from '../../test/fetch-stub';
import { renderRoute, signedIn } from '../../test/render';

const GAUGE: DeviceKey = {
  id: 'k-1',
  name: 'Howrah bridge gauge',
  city: 'kolkata',
  kind: 'sensors',
  rateLimit: null,
  prefix: 'sk_AbCd',
  createdAt: '2026-11-21T09:15:00.000Z',
};

const GATEWAY: DeviceKey = {
  id: 'k-2',
  name: 'Depot gateway',
  city: null,
  kind: 'reporter',
  rateLimit: null,
  prefix: 'sk_XyZw',
  createdAt: '2026-11-20T18:00:00.000Z',
};

const SECRET = 'sk_NewSecretKeyShownOnlyOnce0123456789ab';

/** The device-keys endpoints over a list kept in memory; any answer can be replaced. */
function fakeKeysServer(
  options: {
    keys?: DeviceKey[];
    list?: () => Response;
    create?: () => Response;
    revoke?: () => Response;
  } = {},
) {
  let keys = options.keys ?? [GAUGE, GATEWAY];
  const calls: { method: string; path: string; body: unknown }[] = [];
  stubFetch((raw, init) => {
    const { pathname } = new URL(raw, 'http://localhost');
    const method = init?.method ?? 'GET';
    calls.push({ method, path: pathname, body: jsonBodyOf(init) });
    if (pathname === '/api/device-keys' && method === 'GET') {
      return Promise.resolve(options.list?.() ?? jsonResponse(keys));
    }
    if (pathname === '/api/device-keys' && method === 'POST') {
      if (options.create) return Promise.resolve(options.create());
      const body = jsonBodyOf(init) as {
        name: string;
        city?: DeviceKey['city'];
        kind?: DeviceKey['kind'];
        rateLimit?: number;
      };
      const made: DeviceKey = {
        id: 'k-new',
        name: body.name,
        city: body.city ?? null,
        kind: body.kind ?? 'sensors',
        rateLimit: body.kind === 'open-data' ? (body.rateLimit ?? 3_000) : null,
        prefix: SECRET.slice(0, 7),
        createdAt: '2026-11-21T10:04:00.000Z',
      };
      keys = [made, ...keys];
      return Promise.resolve(jsonResponse({ ...made, key: SECRET }, 201));
    }
    if (pathname.startsWith('/api/device-keys/') && method === 'DELETE') {
      if (options.revoke) return Promise.resolve(options.revoke());
      const id = decodeURIComponent(pathname.split('/').at(-1)!);
      keys = keys.filter((key) => key.id !== id);
      return Promise.resolve(new Response(null, { status: 204 }));
    }
    return Promise.resolve(
      jsonResponse({ error: { code: 'not_found', message: 'Not found' } }, 404),
    );
  });
  return { calls: (method: string) => calls.filter((call) => call.method === method) };
}

const asAdmin = () => signedIn({ id: 'admin-1', role: 'admin' });
const keyRow = (name: string) =>
  screen.getAllByTestId('device-key-row').find((row) => within(row).queryByText(name))!;

beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});

describe('the Device keys screen', () => {
  it('lists the keys in use by name, prefix, city and creation time, never a secret', async () => {
    fakeKeysServer();
    renderRoute('/admin/device-keys', { auth: asAdmin() });
    expect(await screen.findByRole('heading', { name: 'Device keys' })).toBeInTheDocument();
    await screen.findByTestId('device-key-list');
    const gauge = keyRow('Howrah bridge gauge');
    expect(within(gauge).getByText('sk_AbCd…')).toBeInTheDocument();
    expect(within(gauge).getByText('Kolkata')).toBeInTheDocument();
    expect(within(gauge).getByText('Created 21 Nov 2026, 9:15 am UTC')).toBeInTheDocument();
    expect(within(keyRow('Depot gateway')).getByText('Every city')).toBeInTheDocument();
    expect(
      within(gauge).getByRole('button', { name: 'Revoke Howrah bridge gauge' }),
    ).toBeInTheDocument();
  });

  it('creates a key and shows its secret once, copyable, until Done', async () => {
    const server = fakeKeysServer();
    const writeText = vi.fn(() => Promise.resolve());
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    renderRoute('/admin/device-keys', { auth: asAdmin() });
    await screen.findByTestId('device-key-list');

    await userEvent.type(screen.getByRole('textbox', { name: 'Device name' }), '  Sealdah meter ');
    await userEvent.selectOptions(
      screen.getByRole('combobox', { name: 'Feeds sensors in' }),
      'kharagpur',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Create key' }));

    const secret = await screen.findByTestId('device-key-secret');
    expect(
      within(secret).getByText('Copy this key now: you will not see it again.'),
    ).toBeInTheDocument();
    const field = within(secret).getByRole('textbox', { name: 'Device key' });
    expect(field).toHaveValue(SECRET);
    expect(field).toHaveAttribute('readonly');
    expect(server.calls('POST').map((call) => call.body)).toEqual([
      { name: 'Sealdah meter', kind: 'sensors', city: 'kharagpur' },
    ]);

    await userEvent.click(within(secret).getByRole('button', { name: 'Copy' }));
    expect(writeText).toHaveBeenCalledWith(SECRET);
    expect(await screen.findByText('Key copied.')).toBeInTheDocument();
    // The list, asked for again, shows the new key by its prefix only.
    await waitFor(() => expect(keyRow('Sealdah meter')).toBeDefined());
    expect(within(keyRow('Sealdah meter')).getByText('sk_NewS…')).toBeInTheDocument();

    await userEvent.click(within(secret).getByRole('button', { name: 'I have copied it' }));
    expect(screen.queryByTestId('device-key-secret')).not.toBeInTheDocument();
    expect(screen.queryByDisplayValue(SECRET)).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Device name' })).toHaveValue('');
  });

  it('makes a key for a reporter app, says how Open311 takes it, and lists each key’s use', async () => {
    const server = fakeKeysServer();
    renderRoute('/admin/device-keys', { auth: asAdmin() });
    await screen.findByTestId('device-key-list');
    expect(
      within(keyRow('Howrah bridge gauge')).getByText('Sensors: sending readings'),
    ).toBeInTheDocument();
    expect(
      within(keyRow('Depot gateway')).getByText('A reporter app: Open311 reports'),
    ).toBeInTheDocument();

    await userEvent.type(screen.getByRole('textbox', { name: 'Device name' }), 'Ward 12 app');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'For' }), 'reporter');
    await userEvent.click(screen.getByRole('button', { name: 'Create key' }));

    const secret = await screen.findByTestId('device-key-secret');
    expect(
      within(secret).getByText('The app sends it as the api_key of each Open311 request:'),
    ).toBeInTheDocument();
    expect(server.calls('POST').map((call) => call.body)).toEqual([
      { name: 'Ward 12 app', kind: 'reporter' },
    ]);
  });

  it('makes an open-data key with its requests a minute, checked before sending, and lists its limit', async () => {
    const server = fakeKeysServer();
    renderRoute('/admin/device-keys', { auth: asAdmin() });
    await screen.findByTestId('device-key-list');
    // Only an open-data key has a limit.
    expect(screen.queryByRole('spinbutton', { name: 'Requests a minute' })).not.toBeInTheDocument();
    expect(within(keyRow('Howrah bridge gauge')).queryByTestId('device-key-row-limit')).toBeNull();

    await userEvent.type(screen.getByRole('textbox', { name: 'Device name' }), 'Transit research');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'For' }), 'open-data');
    const limit = screen.getByRole('spinbutton', { name: 'Requests a minute' });
    expect(limit).toHaveValue(3000);

    await userEvent.clear(limit);
    await userEvent.type(limit, '0');
    await userEvent.click(screen.getByRole('button', { name: 'Create key' }));
    expect(limit).toHaveAccessibleDescription(
      /Enter a whole number of requests from 1 to 10,00,000/,
    );
    expect(server.calls('POST')).toEqual([]);

    await userEvent.clear(limit);
    await userEvent.type(limit, '1200');
    await userEvent.click(screen.getByRole('button', { name: 'Create key' }));

    const secret = await screen.findByTestId('device-key-secret');
    expect(
      within(secret).getByText(
        'The client sends it in a header with each request to the open data API:',
      ),
    ).toBeInTheDocument();
    expect(
      within(secret).getByText('curl -H "X-API-Key: sk_NewS…" /api/public/v1/cities'),
    ).toBeInTheDocument();
    expect(server.calls('POST').map((call) => call.body)).toEqual([
      { name: 'Transit research', kind: 'open-data', rateLimit: 1200 },
    ]);
    await waitFor(() => expect(keyRow('Transit research')).toBeDefined());
    const row = keyRow('Transit research');
    expect(within(row).getByText('Open data: the public API')).toBeInTheDocument();
    expect(within(row).getByText('1,200 requests a minute')).toBeInTheDocument();
  });

  it('asks for a name before sending anything', async () => {
    const server = fakeKeysServer();
    renderRoute('/admin/device-keys', { auth: asAdmin() });
    await screen.findByTestId('device-key-list');
    await userEvent.click(screen.getByRole('button', { name: 'Create key' }));
    expect(screen.getByRole('textbox', { name: 'Device name' })).toHaveAccessibleDescription(
      /Enter a name for the device/,
    );
    expect(server.calls('POST')).toEqual([]);
  });

  it('says when the server refuses the new key', async () => {
    fakeKeysServer({
      create: () =>
        jsonResponse(
          { error: { code: 'invalid_input', message: 'Invalid input: name must not be empty' } },
          400,
        ),
    });
    renderRoute('/admin/device-keys', { auth: asAdmin() });
    await screen.findByTestId('device-key-list');
    await userEvent.type(screen.getByRole('textbox', { name: 'Device name' }), 'Meter');
    await userEvent.click(screen.getByRole('button', { name: 'Create key' }));
    const error = await screen.findByTestId('device-key-error');
    expect(error).toHaveTextContent('The key could not be created.');
    expect(error).toHaveTextContent('Invalid input: name must not be empty');
    expect(screen.queryByTestId('device-key-secret')).not.toBeInTheDocument();
  });

  it('revokes a key after confirming, and says so', async () => {
    const server = fakeKeysServer();
    renderRoute('/admin/device-keys', { auth: asAdmin() });
    await screen.findByTestId('device-key-list');
    await userEvent.click(
      within(keyRow('Depot gateway')).getByRole('button', { name: 'Revoke Depot gateway' }),
    );
    const dialog = screen.getByRole('alertdialog', { name: 'Revoke this key?' });
    expect(dialog).toHaveAccessibleDescription(/Readings sent with it are refused from now on/);
    expect(server.calls('DELETE')).toEqual([]);

    await userEvent.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    expect(await screen.findByText('The key for Depot gateway was revoked.')).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(screen.queryByText('Depot gateway')).not.toBeInTheDocument();
    expect(server.calls('DELETE').map((call) => call.path)).toEqual(['/api/device-keys/k-2']);
  });

  it('keeps the key and says why when revoking fails', async () => {
    fakeKeysServer({
      revoke: () =>
        jsonResponse({ error: { code: 'not_found', message: 'No active device key' } }, 404),
    });
    renderRoute('/admin/device-keys', { auth: asAdmin() });
    await screen.findByTestId('device-key-list');
    await userEvent.click(
      within(keyRow('Depot gateway')).getByRole('button', { name: 'Revoke Depot gateway' }),
    );
    const dialog = screen.getByRole('alertdialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'The key could not be revoked. Try again.',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(keyRow('Depot gateway')).toBeDefined();
  });

  it('says when there are no keys, and when they could not be loaded', async () => {
    fakeKeysServer({ keys: [] });
    const { unmount } = renderRoute('/admin/device-keys', { auth: asAdmin() });
    expect(await screen.findByText('No device keys yet')).toBeInTheDocument();
    unmount();

    fakeKeysServer({
      list: () =>
        jsonResponse({ error: { code: 'internal', message: 'Internal server error' } }, 500),
    });
    renderRoute('/admin/device-keys', { auth: asAdmin() });
    expect(await screen.findByText('The device keys could not be loaded.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it('is closed to operators', async () => {
    const server = fakeKeysServer();
    renderRoute('/admin/device-keys', { auth: signedIn({ role: 'operator' }) });
    expect(await screen.findByRole('heading', { name: 'Access Denied' })).toBeInTheDocument();
    expect(server.calls('GET').filter((call) => call.path === '/api/device-keys')).toEqual([]);
  });
});
