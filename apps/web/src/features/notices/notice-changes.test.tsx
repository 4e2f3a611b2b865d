import type { Notice } from '@smart-city/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonBodyOf, jsonResponse, stubFetch } from '../../test/fetch-stub';
import { renderRoute, signedIn } from '../../test/render';

const NOTICE: Notice = {
  id: 'n-7',
  title: 'Ward 12 water cut on Saturday',
  content: 'Water supply is paused for maintenance from 10:00 to 14:00.',
  imageUrl: null,
  videoUrl: null,
  linkUrl: 'https://example.org/ward-12',
  author: 'Admin User',
  createdAt: '2026-11-21T08:00:00.000Z',
};

const OTHER: Notice = {
  ...NOTICE,
  id: 'n-8',
  title: 'Ward 14 road works',
  createdAt: '2026-11-20T08:00:00.000Z',
};

/** The notices endpoints over a list kept in memory; PATCH and DELETE answers can be replaced. */
function fakeNoticesServer(
  options: { patch?: (body: unknown) => Response; remove?: () => Response } = {},
) {
  let notices = [NOTICE, OTHER];
  const sent: { method: string; path: string; body: unknown }[] = [];
  stubFetch((raw, init) => {
    const { pathname } = new URL(raw, 'http://localhost');
    const method = init?.method ?? 'GET';
    sent.push({ method, path: pathname, body: jsonBodyOf(init) });
    if (pathname === '/api/notices' && method === 'GET') {
      return Promise.resolve(jsonResponse({ data: notices }));
    }
    const id = pathname.startsWith('/api/notices/') ? pathname.split('/').at(-1)! : null;
    const notice = notices.find((n) => n.id === id);
    if (id && method === 'GET') {
      return Promise.resolve(
        notice
          ? jsonResponse({ data: notice })
          : jsonResponse({ error: { code: 'not_found', message: 'No such notice' } }, 404),
      );
    }
    if (id && method === 'PATCH') {
      if (options.patch) return Promise.resolve(options.patch(jsonBodyOf(init)));
      const changed = { ...notice!, ...(jsonBodyOf(init) as Partial<Notice>) };
      notices = notices.map((n) => (n.id === id ? changed : n));
      return Promise.resolve(jsonResponse({ data: changed }));
    }
    if (id && method === 'DELETE') {
      if (options.remove) return Promise.resolve(options.remove());
      notices = notices.filter((n) => n.id !== id);
      return Promise.resolve(new Response(null, { status: 204 }));
    }
    return Promise.resolve(
      jsonResponse({ error: { code: 'not_found', message: 'Not found' } }, 404),
    );
  });
  return { sent: (method: string) => sent.filter((call) => call.method === method) };
}

const asAdmin = () => signedIn({ role: 'admin' });

beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});

describe('a published notice, for an admin', () => {
  it('offers Edit and Delete, and says both are on the public record', async () => {
    fakeNoticesServer();
    renderRoute('/announcements/n-7', { auth: asAdmin() });
    await screen.findByTestId('notice-title');
    expect(screen.getByRole('link', { name: 'Edit notice' })).toHaveAttribute(
      'href',
      '/announcements/n-7/edit',
    );
    expect(screen.getByRole('button', { name: 'Delete notice' })).toBeInTheDocument();
    expect(
      screen.getByText('Changes and deletions are recorded in the transparency ledger.'),
    ).toBeInTheDocument();
  });

  it('offers neither to operators and citizens', async () => {
    fakeNoticesServer();
    renderRoute('/announcements/n-7', { auth: signedIn({ role: 'operator' }) });
    await screen.findByTestId('notice-title');
    expect(screen.queryByRole('link', { name: 'Edit notice' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete notice' })).not.toBeInTheDocument();
  });

  it('is edited in the new-notice form, filled in, and opens again changed', async () => {
    const server = fakeNoticesServer();
    const { router } = renderRoute('/announcements/n-7/edit', { auth: asAdmin() });
    expect(await screen.findByRole('heading', { name: 'Edit Notice' })).toBeInTheDocument();
    const title = await screen.findByTestId('notice-title-input');
    expect(title).toHaveValue(NOTICE.title);
    expect(screen.getByTestId('notice-content-input')).toHaveValue(NOTICE.content);
    expect(screen.getByTestId('notice-link-input')).toHaveValue(NOTICE.linkUrl);
    expect(
      screen.getByText('Changes and deletions are recorded in the transparency ledger.'),
    ).toBeInTheDocument();

    fireEvent.change(title, { target: { value: 'Ward 12 water cut moved to Sunday' } });
    fireEvent.change(screen.getByTestId('notice-link-input'), { target: { value: '' } });
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/announcements/n-7'));
    expect(await screen.findByTestId('notice-title')).toHaveTextContent(
      'Ward 12 water cut moved to Sunday',
    );
    expect(screen.getByText('The notice was updated.')).toBeInTheDocument();
    expect(server.sent('PATCH')).toEqual([
      {
        method: 'PATCH',
        path: '/api/notices/n-7',
        body: {
          title: 'Ward 12 water cut moved to Sunday',
          content: NOTICE.content,
          imageUrl: null,
          videoUrl: null,
          linkUrl: null,
        },
      },
    ]);
    expect(screen.queryByTestId('notice-link')).not.toBeInTheDocument();
  });

  it('shows the server’s refusal of a change beside the field it names', async () => {
    fakeNoticesServer({
      patch: () =>
        jsonResponse(
          {
            error: {
              code: 'invalid_input',
              message: 'Invalid input: title must be at most 120 characters',
              details: [{ path: 'title', message: 'must be at most 120 characters' }],
            },
          },
          400,
        ),
    });
    const { router } = renderRoute('/announcements/n-7/edit', { auth: asAdmin() });
    await screen.findByTestId('notice-title-input');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Must be at most 120 characters')).toBeInTheDocument();
    expect(screen.getByTestId('notice-title-input')).toHaveAttribute('aria-invalid', 'true');
    expect(router.state.location.pathname).toBe('/announcements/n-7/edit');
  });

  it('says so when a change could not be saved at all', async () => {
    fakeNoticesServer({
      patch: () => jsonResponse({ error: { code: 'internal', message: 'Internal error' } }, 500),
    });
    renderRoute('/announcements/n-7/edit', { auth: asAdmin() });
    await screen.findByTestId('notice-title-input');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByTestId('notice-form-error')).toHaveTextContent(
      'The notice could not be saved.',
    );
  });

  it('is deleted after confirming, and the list no longer shows it', async () => {
    const server = fakeNoticesServer();
    const { router } = renderRoute('/announcements/n-7', { auth: asAdmin() });
    await screen.findByTestId('notice-title');
    await userEvent.click(screen.getByRole('button', { name: 'Delete notice' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete this notice?' });
    expect(dialog).toHaveAccessibleDescription(/It disappears for every reader/);
    expect(server.sent('DELETE')).toEqual([]);

    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete notice' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/announcements'));
    expect(await screen.findByText('The notice was deleted.')).toBeInTheDocument();
    expect(await screen.findByText(OTHER.title)).toBeInTheDocument();
    expect(screen.queryByText(NOTICE.title)).not.toBeInTheDocument();
    expect(server.sent('DELETE').map((call) => call.path)).toEqual(['/api/notices/n-7']);
  });

  it('stays, with the reason in the dialog, when deleting fails', async () => {
    fakeNoticesServer({
      remove: () => jsonResponse({ error: { code: 'internal', message: 'Internal error' } }, 500),
    });
    const { router } = renderRoute('/announcements/n-7', { auth: asAdmin() });
    await screen.findByTestId('notice-title');
    await userEvent.click(screen.getByRole('button', { name: 'Delete notice' }));
    const dialog = screen.getByRole('alertdialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete notice' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'The notice could not be deleted. Try again.',
    );
    expect(router.state.location.pathname).toBe('/announcements/n-7');
  });

  it('cannot be edited by an operator who opens the address', async () => {
    fakeNoticesServer();
    renderRoute('/announcements/n-7/edit', { auth: signedIn({ role: 'operator' }) });
    expect(await screen.findByRole('heading', { name: 'Access Denied' })).toBeInTheDocument();
    expect(screen.queryByTestId('notice-form')).not.toBeInTheDocument();
  });
});
