import type { Notice } from '@smart-city/shared';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonBodyOf, jsonResponse, stubFetch } from '../../test/fetch-stub';
import { renderRoute, signedIn } from '../../test/render';

const published: Notice = {
  id: 'n-42',
  title: 'Park Street closed on Sunday',
  content: 'The street is closed for the marathon.\nBuses take Camac Street.',
  imageUrl: null,
  videoUrl: 'https://example.org/route.mp4',
  linkUrl: null,
  author: 'Asha Sen',
  createdAt: '2026-11-21T10:00:00.000Z',
};

function type(testId: string, value: string) {
  const input = screen.getByTestId(testId);
  fireEvent.change(input, { target: { value } });
  fireEvent.blur(input);
}

beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});

describe('composing a notice', () => {
  it('shows each field’s error by the server’s rules before sending anything', async () => {
    const fetchSpy = stubFetch(() => Promise.resolve(jsonResponse({ data: [] })));
    renderRoute('/announcements/new', { auth: signedIn({ role: 'admin' }) });
    await screen.findByTestId('notice-form');

    type('notice-title-input', 'ab');
    type('notice-content-input', 'too short');
    type('notice-image-input', 'javascript:alert(1)');
    type('notice-video-input', 'https://vimeo.com/123456');
    type('notice-link-input', 'ftp://example.org/file');
    fireEvent.click(screen.getByTestId('notice-publish'));

    expect(await screen.findByText('Use at least 3 characters')).toBeInTheDocument();
    expect(screen.getByText('Use at least 10 characters')).toBeInTheDocument();
    expect(screen.getAllByText('Enter an address starting with http:// or https://')).toHaveLength(
      2,
    );
    expect(
      screen.getByText(/Enter a YouTube link \(youtube.com or youtu.be\)/),
    ).toBeInTheDocument();
    expect(screen.getByTestId('notice-title-input')).toHaveAttribute('aria-invalid', 'true');
    expect(fetchSpy.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
  });

  it('publishes without naming an author and opens the new notice', async () => {
    const bodies: unknown[] = [];
    stubFetch((url, init) => {
      if (init?.method === 'POST') {
        bodies.push(jsonBodyOf(init));
        return Promise.resolve(jsonResponse({ data: published }, 201));
      }
      return Promise.resolve(jsonResponse({ data: [] }));
    });
    const { router } = renderRoute('/announcements/new', { auth: signedIn({ role: 'admin' }) });
    await screen.findByTestId('notice-form');

    type('notice-title-input', published.title);
    type('notice-content-input', published.content);
    type('notice-video-input', published.videoUrl!);
    fireEvent.click(screen.getByTestId('notice-publish'));

    await waitFor(() => expect(router.state.location.pathname).toBe('/announcements/n-42'));
    expect(bodies).toEqual([
      { title: published.title, content: published.content, videoUrl: published.videoUrl },
    ]);
    expect(await screen.findByTestId('notice-title')).toHaveTextContent(published.title);
    expect(screen.getByTestId('notice-video')).toHaveAttribute('src', published.videoUrl);
  });

  it('shows the server’s field errors when it turns the notice down', async () => {
    stubFetch((_url, init) =>
      Promise.resolve(
        init?.method === 'POST'
          ? jsonResponse(
              {
                error: {
                  code: 'invalid_input',
                  message: 'Invalid input: linkUrl must be an http or https address',
                  details: [{ path: 'linkUrl', message: 'must be an http or https address' }],
                },
              },
              400,
            )
          : jsonResponse({ data: [] }),
      ),
    );
    renderRoute('/announcements/new', { auth: signedIn({ role: 'admin' }) });
    await screen.findByTestId('notice-form');
    type('notice-title-input', published.title);
    type('notice-content-input', published.content);
    fireEvent.click(screen.getByTestId('notice-publish'));
    expect(await screen.findByText('Must be an http or https address')).toBeInTheDocument();
  });

  it('is for admins only', async () => {
    stubFetch(() => Promise.resolve(jsonResponse({ data: [] })));
    renderRoute('/announcements/new', { auth: signedIn({ role: 'operator' }) });
    expect(await screen.findByText('Insufficient Role')).toBeInTheDocument();
    expect(screen.queryByTestId('notice-form')).not.toBeInTheDocument();
  });
});
