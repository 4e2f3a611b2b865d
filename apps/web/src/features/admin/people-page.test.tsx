import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonBodyOf, jsonResponse, stubFetch } from '../../test/fetch-stub';
import { renderRoute, signedIn } from '../../test/render';
import type { Account } from './accounts-query';

const ME = 'admin-1';

function account(overrides: Partial<Account> & { id: string; name: string }): Account {
  return {
    email: `${overrides.id}@example.org`,
    username: overrides.id,
    role: 'citizen',
    banned: false,
    createdAt: '2026-11-20T09:30:00.000Z',
    ...overrides,
  };
}

const PEOPLE: Account[] = [
  account({ id: 'u-ria', name: 'Ria Das', email: 'ria@example.org', role: 'citizen' }),
  account({ id: 'u-om', name: 'Om Roy', role: 'operator' }),
  account({ id: ME, name: 'Admin User', role: 'admin', username: 'admin' }),
];

/** list-users answers a page of `people` (after its search), set-role as `setRole` says. */
function fakeAccountsServer(
  options: {
    people?: Account[];
    total?: number;
    list?: () => Response;
    setRole?: (body: unknown) => Response;
  } = {},
) {
  const people = options.people ?? PEOPLE;
  const requests: { url: URL; body: unknown }[] = [];
  const fetchSpy = stubFetch((raw, init) => {
    const url = new URL(raw, 'http://localhost');
    requests.push({ url, body: jsonBodyOf(init) });
    if (url.pathname === '/api/auth/admin/list-users') {
      if (options.list) return Promise.resolve(options.list());
      const search = url.searchParams.get('searchValue')?.toLowerCase();
      const field = url.searchParams.get('searchField') === 'email' ? 'email' : 'name';
      const users = search ? people.filter((p) => p[field].toLowerCase().includes(search)) : people;
      return Promise.resolve(jsonResponse({ users, total: options.total ?? users.length }));
    }
    if (url.pathname === '/api/auth/admin/set-role' && init?.method === 'POST') {
      const answer = options.setRole?.(jsonBodyOf(init)) ?? jsonResponse({ user: {} });
      return Promise.resolve(answer);
    }
    return Promise.resolve(
      jsonResponse({ error: { code: 'not_found', message: 'Not found' } }, 404),
    );
  });
  return {
    fetchSpy,
    listRequests: () => requests.filter((r) => r.url.pathname.endsWith('/list-users')),
    roleChanges: () => requests.filter((r) => r.url.pathname.endsWith('/set-role')),
  };
}

const asAdmin = () => signedIn({ id: ME, role: 'admin' });
const row = (name: string) =>
  screen.getAllByTestId('account-row').find((r) => within(r).queryByText(name))!;

beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});

describe('the People and roles screen', () => {
  it('lists each account with its name, username, e-mail, role and when it joined', async () => {
    const server = fakeAccountsServer();
    renderRoute('/admin/people', { auth: asAdmin() });

    expect(await screen.findByRole('heading', { name: 'People and roles' })).toBeInTheDocument();
    await screen.findByTestId('people-list');
    const ria = row('Ria Das');
    expect(within(ria).getByText('@u-ria')).toBeInTheDocument();
    expect(within(ria).getByText('ria@example.org')).toBeInTheDocument();
    expect(within(ria).getByText('Joined 20 Nov 2026')).toBeInTheDocument();
    expect(within(ria).getByRole('combobox', { name: 'Role' })).toHaveDisplayValue('Citizen');
    expect(within(row('Om Roy')).getByRole('combobox', { name: 'Role' })).toHaveDisplayValue(
      'Operator',
    );
    expect(screen.getByTestId('people-count')).toHaveTextContent('Accounts 1–3 of 3');

    const [first] = server.listRequests();
    expect(Object.fromEntries(first!.url.searchParams)).toEqual({
      limit: '20',
      offset: '0',
      sortBy: 'createdAt',
      sortDirection: 'desc',
    });
  });

  it('keeps an admin’s own role fixed, and says why', async () => {
    fakeAccountsServer();
    renderRoute('/admin/people', { auth: asAdmin() });
    await screen.findByTestId('people-list');
    const mine = within(row('Admin User')).getByRole('combobox', { name: 'Role' });
    expect(mine).toBeDisabled();
    expect(mine).toHaveAccessibleDescription(
      'You cannot change your own role here: another admin can, so the city always keeps one.',
    );
    expect(within(row('Admin User')).getByText('You')).toBeInTheDocument();
  });

  it('asks before changing a role, sends it, and says it is done', async () => {
    const server = fakeAccountsServer();
    renderRoute('/admin/people', { auth: asAdmin() });
    await screen.findByTestId('people-list');

    const select = within(row('Ria Das')).getByRole('combobox', { name: 'Role' });
    await userEvent.selectOptions(select, 'operator');
    const dialog = await screen.findByRole('alertdialog', { name: 'Change this role?' });
    expect(dialog).toHaveAccessibleDescription(
      /Ria Das goes from Citizen to Operator\. It applies at once/,
    );
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    expect(server.roleChanges()).toEqual([]);

    await userEvent.click(within(dialog).getByRole('button', { name: 'Make Operator' }));
    expect(await screen.findByText('Ria Das is now Operator.')).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(server.roleChanges().map((r) => r.body)).toEqual([
      { userId: 'u-ria', role: 'operator' },
    ]);
    // The list is asked for again, so what it shows is the server's.
    await waitFor(() => expect(server.listRequests()).toHaveLength(2));
  });

  it('changes nothing when the admin steps back with Escape', async () => {
    const server = fakeAccountsServer();
    renderRoute('/admin/people', { auth: asAdmin() });
    await screen.findByTestId('people-list');
    const select = within(row('Om Roy')).getByRole('combobox', { name: 'Role' });
    await userEvent.selectOptions(select, 'citizen');
    await screen.findByRole('alertdialog');
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(select).toHaveDisplayValue('Operator');
    expect(select).toHaveFocus();
    expect(server.roleChanges()).toEqual([]);
  });

  it('shows the server’s refusal in the dialog and keeps the old role', async () => {
    fakeAccountsServer({
      setRole: () =>
        jsonResponse(
          {
            code: 'YOU_ARE_NOT_ALLOWED_TO_CHANGE_USERS_ROLE',
            message: 'You are not allowed to change users role',
          },
          403,
        ),
    });
    renderRoute('/admin/people', { auth: asAdmin() });
    await screen.findByTestId('people-list');
    const select = within(row('Ria Das')).getByRole('combobox', { name: 'Role' });
    await userEvent.selectOptions(select, 'admin');
    const dialog = await screen.findByRole('alertdialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Make Admin' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'You are not allowed to change users role',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(select).toHaveDisplayValue('Citizen');
  });

  it('searches on the server by the chosen field, and says when nothing matches', async () => {
    const server = fakeAccountsServer();
    const { router } = renderRoute('/admin/people', { auth: asAdmin() });
    await screen.findByTestId('people-list');

    await userEvent.type(screen.getByRole('searchbox', { name: 'Search accounts' }), 'ria@');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Search in' }), 'email');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(screen.getAllByTestId('account-row')).toHaveLength(1));
    const searched = server.listRequests().at(-1)!.url.searchParams;
    expect(searched.get('searchValue')).toBe('ria@');
    expect(searched.get('searchField')).toBe('email');
    expect(router.state.location.search).toBe('?q=ria%40&by=email');

    await userEvent.clear(screen.getByRole('searchbox', { name: 'Search accounts' }));
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search accounts' }), 'nobody');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('No account matches “nobody”')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Show every account' }));
    await waitFor(() => expect(screen.getAllByTestId('account-row')).toHaveLength(3));
  });

  it('pages through the accounts on the server', async () => {
    const server = fakeAccountsServer({ total: 45 });
    renderRoute('/admin/people', { auth: asAdmin() });
    await screen.findByTestId('people-list');
    expect(screen.getByText('Page 1 of 3')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();

    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Page 2 of 3')).toBeInTheDocument();
    expect(server.listRequests().at(-1)!.url.searchParams.get('offset')).toBe('20');
    expect(screen.getByTestId('people-count')).toHaveTextContent('Accounts 21–23 of 45');
  });

  it('says when the accounts could not be loaded, and tries again', async () => {
    let fail = true;
    fakeAccountsServer({
      list: () =>
        fail
          ? jsonResponse({ error: { code: 'internal', message: 'Internal server error' } }, 500)
          : jsonResponse({ users: PEOPLE, total: 3 }),
    });
    renderRoute('/admin/people', { auth: asAdmin() });
    expect(await screen.findByText('The accounts could not be loaded.')).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByTestId('people-list')).toBeInTheDocument();
  });

  it('says when there are no accounts at all', async () => {
    fakeAccountsServer({ people: [] });
    renderRoute('/admin/people', { auth: asAdmin() });
    expect(await screen.findByText('No accounts yet')).toBeInTheDocument();
  });

  it('is closed to operators, who do not reach the server’s list', async () => {
    const server = fakeAccountsServer();
    renderRoute('/admin/people', { auth: signedIn({ role: 'operator' }) });
    expect(await screen.findByRole('heading', { name: 'Access Denied' })).toBeInTheDocument();
    expect(server.listRequests()).toEqual([]);
  });
});
