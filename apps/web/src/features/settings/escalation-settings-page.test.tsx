import type { EscalationPolicy, EscalationPreview } from '@smart-city/shared';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { CITIES } from '../../test/city-fixtures';
import { jsonBodyOf, jsonResponse, stubFetch } from '../../test/fetch-stub';
import { createTestQueryClient, renderRoute, signedIn, TestProviders } from '../../test/render';
import { EscalationSettingsPage } from './escalation-settings-page';

const SAVED: EscalationPolicy = {
  id: 'p1',
  city: 'kolkata',
  sensorType: null,
  severity: 'critical',
  steps: [
    {
      afterSeconds: 300,
      action: 'notify',
      audience: 'operators',
      severity: null,
      everySeconds: null,
    },
    { afterSeconds: 900, action: 'notify', audience: 'admins', severity: null, everySeconds: null },
  ],
  createdAt: '2026-11-21T09:00:00.000Z',
  updatedAt: '2026-11-21T09:00:00.000Z',
};

const PREVIEW: EscalationPreview = {
  since: '2026-11-20T18:30:00.000Z',
  total: 1,
  items: [
    {
      alert: {
        id: 'a1',
        title: 'Congestion at Howrah Bridge',
        facts: null,
        severity: 'critical',
        status: 'open',
        sensorType: 'traffic',
        createdAt: '2026-11-21T04:30:00.000Z',
      },
      steps: [
        {
          position: 0,
          action: 'notify',
          state: 'fired',
          at: '2026-11-21T04:35:00.000Z',
          occurrences: 1,
        },
        {
          position: 1,
          action: 'notify',
          state: 'upcoming',
          at: '2026-11-21T04:45:00.000Z',
          occurrences: 0,
        },
      ],
    },
  ],
};

function fakeServer(options: { policies?: EscalationPolicy[]; conflict?: boolean } = {}) {
  let policies = [...(options.policies ?? [SAVED])];
  const sent: { method: string; path: string; body: unknown }[] = [];
  stubFetch(async (path, init) => {
    const url = new URL(path, 'http://localhost');
    const method = init?.method ?? 'GET';
    const body = jsonBodyOf(init);
    if (url.pathname === '/api/cities') return jsonResponse(CITIES);
    if (url.pathname === '/api/escalation-policies' && method === 'GET') {
      const city = url.searchParams.get('city');
      return jsonResponse({ items: policies.filter((p) => p.city === city), nextCursor: null });
    }
    if (url.pathname === '/api/escalation-policies/preview') {
      sent.push({ method, path: url.pathname, body });
      return jsonResponse(PREVIEW);
    }
    if (url.pathname === '/api/escalation-policies' && method === 'POST') {
      sent.push({ method, path: url.pathname, body });
      if (options.conflict) {
        return jsonResponse(
          {
            error: {
              code: 'conflict',
              message:
                'kolkata already has a policy for critical alerts of the city-wide default; change that one instead',
            },
          },
          409,
        );
      }
      const input = body as Omit<EscalationPolicy, 'id' | 'createdAt' | 'updatedAt' | 'steps'> & {
        steps: { afterSeconds: number; action: 'notify'; audience?: 'operators' }[];
      };
      const created: EscalationPolicy = {
        ...SAVED,
        ...input,
        id: 'p2',
        sensorType: input.sensorType ?? null,
        steps: input.steps.map((step) => ({
          afterSeconds: step.afterSeconds,
          action: step.action,
          audience: step.audience ?? 'operators',
          severity: null,
          everySeconds: null,
        })),
      };
      policies = [...policies, created];
      return jsonResponse(created, 201);
    }
    const one = /^\/api\/escalation-policies\/([^/]+)$/.exec(url.pathname);
    if (one && method === 'DELETE') {
      sent.push({ method, path: url.pathname, body: undefined });
      policies = policies.filter((p) => p.id !== one[1]);
      return new Response(null, { status: 204 });
    }
    return jsonResponse({ error: { code: 'not_found', message: 'Not found' } }, 404);
  });
  return { sent };
}

function renderPage() {
  const router = createMemoryRouter(
    [{ path: '/settings/escalation', element: <EscalationSettingsPage /> }],
    { initialEntries: ['/settings/escalation'] },
  );
  render(
    <TestProviders auth={signedIn({ role: 'admin' })} queryClient={createTestQueryClient()}>
      <RouterProvider router={router} />
    </TestProviders>,
  );
}

describe('Settings → Escalation', () => {
  it("lists the city's policies with their steps in words", async () => {
    fakeServer();
    renderPage();
    const card = await screen.findByTestId('policy-card');
    expect(card).toHaveTextContent('Critical');
    expect(card).toHaveTextContent('All sensor types (city default)');
    expect(
      within(card)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['After 5 minutes: notify the operators', 'After 15 minutes: notify the admins']);
  });

  it("previews a draft against today's alerts, then saves it in seconds", async () => {
    const { sent } = fakeServer({ policies: [] });
    renderPage();
    expect(await screen.findByTestId('policies-empty')).toHaveTextContent(
      'No escalation policy for Kolkata yet',
    );
    const editor = within(screen.getByTestId('policy-editor'));
    await userEvent.selectOptions(editor.getByRole('combobox', { name: 'Sensor type' }), 'traffic');
    const after = editor.getByRole('spinbutton', { name: 'After' });
    await userEvent.clear(after);
    await userEvent.type(after, '2');

    const preview = within(screen.getByTestId('policy-preview'));
    expect(await preview.findByText('Congestion at Howrah Bridge')).toBeVisible();
    const states = preview
      .getAllByTestId('preview-step')
      .map((step) => step.getAttribute('data-state'));
    expect(states).toEqual(['fired', 'upcoming']);
    await waitFor(() =>
      expect(sent.filter((r) => r.path.endsWith('/preview')).at(-1)?.body).toEqual({
        city: 'kolkata',
        sensorType: 'traffic',
        severity: 'critical',
        steps: [{ afterSeconds: 120, action: 'notify', audience: 'operators' }],
      }),
    );

    await userEvent.click(editor.getByRole('button', { name: 'Save policy' }));
    await waitFor(() =>
      expect(
        sent.filter((r) => r.method === 'POST' && r.path === '/api/escalation-policies'),
      ).toHaveLength(1),
    );
    expect(await screen.findByTestId('policy-card')).toHaveTextContent(
      'After 2 minutes: notify the operators',
    );
    expect(screen.getByRole('heading', { name: 'Edit escalation policy' })).toBeVisible();
  });

  it('will not save steps that break the rules, and shows the server’s refusal', async () => {
    fakeServer({ policies: [], conflict: true });
    renderPage();
    const editor = within(await screen.findByTestId('policy-editor'));
    const after = editor.getByRole('spinbutton', { name: 'After' });
    await userEvent.clear(after);
    expect(editor.getByRole('button', { name: 'Save policy' })).toBeDisabled();
    expect(screen.getByTestId('policy-preview')).toHaveTextContent(
      'Complete the steps to see the preview.',
    );
    await userEvent.type(after, '5');
    await userEvent.click(editor.getByRole('button', { name: 'Save policy' }));
    expect(await screen.findByTestId('policy-save-error')).toHaveTextContent(
      'already has a policy for critical alerts',
    );
  });

  it('deletes a policy after asking', async () => {
    const { sent } = fakeServer();
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(sent).toContainEqual({
        method: 'DELETE',
        path: '/api/escalation-policies/p1',
        body: undefined,
      }),
    );
    expect(await screen.findByTestId('policies-empty')).toBeVisible();
  });

  it('is for admins only', async () => {
    fakeServer();
    renderRoute('/settings/escalation', { auth: signedIn({ role: 'operator' }) });
    expect(await screen.findByText('Insufficient Role')).toBeVisible();
  });
});
