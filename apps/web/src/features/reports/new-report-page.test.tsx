import type { ReportCreate } from '@smart-city/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonBodyOf, jsonResponse, stubFetch } from '../../test/fetch-stub';
import type { FetchHandler } from '../../test/fetch-stub';
import { renderRoute, signedIn } from '../../test/render';
import { citiesOr404, testNearbyReport, testReportDetail } from '../../test/report-fixtures';
import type { ReportMapProps } from './report-map';

// MapLibre needs WebGL, which jsdom has not: a tap on the map is a button here.
vi.mock('./report-map', () => ({
  ReportMap: ({ label, onPick }: ReportMapProps) => (
    <div data-testid="map-stub" aria-label={label}>
      <button type="button" onClick={() => onPick?.({ lat: 22.5526, lng: 88.3525 })}>
        Tap Park Street on the map
      </button>
    </div>
  ),
}));

const STORED_PHOTO = { id: 'photo-1', url: '/api/reports/photos/photo-1', width: 800, height: 600 };

beforeEach(() => {
  // jsdom cannot make previews of files.
  Object.assign(URL, { createObjectURL: () => 'blob:preview', revokeObjectURL: () => {} });
});

/** The server of the form: the answers given, the categories of Kolkata, the cities, else 404. */
function stubServer(answers: Record<string, FetchHandler> = {}) {
  return stubFetch((url, init) => {
    const key = `${init?.method ?? 'GET'} ${url.split('?')[0]}`;
    const answer = answers[key];
    if (answer) return answer(url, init);
    if (key === 'GET /api/reports/categories') {
      return Promise.resolve(
        jsonResponse({
          items: [{ city: 'kolkata', code: 'pothole', department: 'roads', slaHours: 72 }],
        }),
      );
    }
    if (key === 'GET /api/reports/nearby') return Promise.resolve(jsonResponse({ items: [] }));
    return Promise.resolve(citiesOr404(url));
  });
}

function photoFile(name: string, type: string, bytes: number): File {
  return new File([new Uint8Array(bytes)], name, { type });
}

async function openForm() {
  const rendered = renderRoute('/reports/new', { auth: signedIn() });
  await screen.findByTestId('report-form');
  return rendered;
}

/** Chooses the pothole at Park Street and describes it. */
async function fillIn() {
  await userEvent.click(screen.getByRole('radio', { name: 'Pothole' }));
  await userEvent.click(screen.getByRole('button', { name: 'Tap Park Street on the map' }));
  fireEvent.change(screen.getByLabelText('Describe the problem'), {
    target: { value: '  A deep pothole in the left lane.  ' },
  });
}

function posts(fetchSpy: ReturnType<typeof stubFetch>, path: string) {
  return fetchSpy.mock.calls.filter(([url, init]) => url === path && init?.method === 'POST');
}

describe('reporting a problem', () => {
  it('refuses a photo over 5 MB and a GIF before uploading anything', async () => {
    const fetchSpy = stubServer();
    await openForm();
    const input = screen.getByLabelText('Add a photo');
    expect(input).toHaveAttribute('accept', 'image/jpeg,image/png,image/webp');
    expect(input).toHaveAttribute('capture', 'environment');

    fireEvent.change(input, {
      target: {
        files: [
          photoFile('street.jpg', 'image/jpeg', 6 * 1024 * 1024),
          photoFile('funny.gif', 'image/gif', 1_000),
        ],
      },
    });

    const problems = within(await screen.findByTestId('report-photo-problems'));
    expect(problems.getByText('street.jpg is larger than 5 MB.')).toBeInTheDocument();
    expect(problems.getByText('funny.gif is not a JPEG, PNG or WebP photo.')).toBeInTheDocument();
    expect(screen.queryByTestId('report-photo')).not.toBeInTheDocument();
    expect(posts(fetchSpy, '/api/reports/photos')).toHaveLength(0);
  });

  it('says what is missing before sending anything', async () => {
    const fetchSpy = stubServer();
    await openForm();
    await userEvent.click(screen.getByRole('button', { name: 'Send report' }));

    expect(await screen.findByText('Choose what the problem is')).toBeInTheDocument();
    expect(
      screen.getByText('Choose the place: use your location or tap the map'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Describe the problem')).toHaveAccessibleDescription(
      /Write at least 5 characters/,
    );
    expect(screen.getByRole('radio', { name: 'Pothole' })).toHaveFocus();
    expect(posts(fetchSpy, '/api/reports')).toHaveLength(0);
  });

  it('sends the report with its photo and an Idempotency-Key, then opens its page', async () => {
    const sent: { body: unknown; key: string | null }[] = [];
    const fetchSpy = stubServer({
      'POST /api/reports/photos': () => Promise.resolve(jsonResponse(STORED_PHOTO, 201)),
      'POST /api/reports': (_url, init) => {
        sent.push({
          body: jsonBodyOf(init),
          key: new Headers(init?.headers).get('Idempotency-Key'),
        });
        // The first answer is lost on the way; the second attempt must carry the same key.
        if (sent.length === 1) return Promise.reject(new TypeError('Failed to fetch'));
        return Promise.resolve(
          jsonResponse(testReportDetail({ id: '57', following: true, mine: true }), 201),
        );
      },
    });
    const { router } = await openForm();
    await fillIn();
    expect(await screen.findByTestId('report-category-handling')).toHaveTextContent(
      'In Kolkata, Roads handles this, within 3 days.',
    );
    expect(screen.getByTestId('report-point')).toHaveTextContent(
      'Chosen place: 22.5526, 88.3525, in Park Street',
    );
    fireEvent.change(screen.getByLabelText('Address or landmark (optional)'), {
      target: { value: 'Outside 12 Park Street' },
    });
    fireEvent.change(screen.getByLabelText('Add a photo'), {
      target: { files: [photoFile('pothole.jpg', 'image/jpeg', 2_000)] },
    });
    await waitFor(() =>
      expect(screen.getByTestId('report-photo')).toHaveAttribute('data-state', 'uploaded'),
    );
    const upload = posts(fetchSpy, '/api/reports/photos')[0]![1]!;
    expect(upload.body).toBeInstanceOf(File);
    expect(new Headers(upload.headers).get('Content-Type')).toBe('image/jpeg');

    await userEvent.click(screen.getByRole('button', { name: 'Send report' }));
    expect(await screen.findByText(/could not be sent/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Send report' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/reports/57'));
    const body: ReportCreate = {
      city: 'kolkata',
      category: 'pothole',
      description: 'A deep pothole in the left lane.',
      lat: 22.5526,
      lng: 88.3525,
      address: 'Outside 12 Park Street',
      photoIds: ['photo-1'],
    };
    expect(sent.map((attempt) => attempt.body)).toEqual([body, body]);
    expect(sent[0]!.key).toMatch(/^[0-9a-f]{32}$/);
    expect(sent[1]!.key).toBe(sent[0]!.key);
    // The page opens from the answer, with no second request for it.
    expect(await screen.findByText('You reported this problem.')).toBeInTheDocument();
    expect(fetchSpy.mock.calls.some(([url]) => url === '/api/reports/57')).toBe(false);
  });

  it('shows an open report of the same problem nearby, and Add your voice follows it', async () => {
    const nearbyQueries: string[] = [];
    const fetchSpy = stubServer({
      'GET /api/reports/nearby': (url) => {
        nearbyQueries.push(url.split('?')[1] ?? '');
        return Promise.resolve(jsonResponse({ items: [testNearbyReport({ distanceM: 40 })] }));
      },
      'POST /api/reports/42/follow': () =>
        Promise.resolve(jsonResponse({ following: true, followers: 5 })),
      'GET /api/reports/42': () =>
        Promise.resolve(jsonResponse(testReportDetail({ following: true, followers: 5 }))),
    });
    const { router } = await openForm();
    await fillIn();

    const nearby = within(await screen.findByTestId('nearby-reports'));
    expect(nearby.getByText('Already reported 40 m away')).toBeInTheDocument();
    expect(nearbyQueries).toEqual(['city=kolkata&category=pothole&lat=22.5526&lng=88.3525']);

    // Sending is held until the person chooses.
    await userEvent.click(screen.getByRole('button', { name: 'Send report' }));
    expect(
      await screen.findByText('First choose: add your voice to a report nearby, or report anyway.'),
    ).toBeInTheDocument();
    expect(nearby.getByRole('heading', { name: 'Already reported nearby?' })).toHaveFocus();
    expect(posts(fetchSpy, '/api/reports')).toHaveLength(0);

    await userEvent.click(nearby.getByRole('button', { name: 'Add your voice' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/reports/42'));
    expect(posts(fetchSpy, '/api/reports/42/follow')).toHaveLength(1);
    expect(
      await screen.findByRole('heading', { name: '5 people follow this report' }),
    ).toBeInTheDocument();
    expect(posts(fetchSpy, '/api/reports')).toHaveLength(0);
  });

  it('sends anyway once the person chooses Report anyway', async () => {
    const fetchSpy = stubServer({
      'GET /api/reports/nearby': () =>
        Promise.resolve(jsonResponse({ items: [testNearbyReport({ distanceM: 85 })] })),
      'POST /api/reports': () => Promise.resolve(jsonResponse(testReportDetail({ id: '58' }), 201)),
    });
    const { router } = await openForm();
    await fillIn();
    await userEvent.click(await screen.findByRole('button', { name: 'Report anyway' }));
    expect(screen.queryByTestId('nearby-reports')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Send report' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/reports/58'));
    expect(posts(fetchSpy, '/api/reports')).toHaveLength(1);
  });

  it("shows the server's refusal of a field at that field", async () => {
    stubServer({
      'POST /api/reports': () =>
        Promise.resolve(
          jsonResponse(
            {
              error: {
                code: 'invalid_input',
                message: 'The place is outside Kolkata',
                details: [{ path: 'lat', message: 'is outside the city' }],
              },
            },
            400,
          ),
        ),
    });
    await openForm();
    await fillIn();
    await userEvent.click(screen.getByRole('button', { name: 'Send report' }));

    const place = within(screen.getByRole('group', { name: 'Where is it?' }));
    expect(await place.findByText('Is outside the city')).toBeInTheDocument();
    expect(screen.getByTestId('report-form-error')).toHaveTextContent('The report was not sent');
    expect(screen.getByRole('button', { name: 'Use my location' })).toHaveFocus();
  });

  it('says so when the person does not share their location', async () => {
    stubServer();
    vi.stubGlobal('navigator', {
      ...navigator,
      geolocation: {
        getCurrentPosition: (_found: unknown, failed: (error: { code: number }) => void) =>
          failed({ code: 1 }),
      },
    });
    await openForm();
    await userEvent.click(screen.getByRole('button', { name: 'Use my location' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Your location was not shared. Allow it in your browser’s settings, or tap the place on the map.',
    );
  });

  it("takes the device's position, and the city it lies in", async () => {
    stubServer();
    vi.stubGlobal('navigator', {
      ...navigator,
      geolocation: {
        getCurrentPosition: (
          found: (position: { coords: { latitude: number; longitude: number } }) => void,
        ) => found({ coords: { latitude: 22.3205, longitude: 87.3198 } }),
      },
    });
    await openForm();
    await userEvent.click(screen.getByRole('button', { name: 'Use my location' }));
    expect(await screen.findByTestId('report-point')).toHaveTextContent(
      'Chosen place: 22.3205, 87.3198, in Hijli',
    );
    expect(screen.getByLabelText('Which city is it in?')).toHaveValue('kharagpur');
    expect(
      screen.getByText('This place is in Kharagpur, so the city was changed to match.'),
    ).toBeInTheDocument();
  });
});
