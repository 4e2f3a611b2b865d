import type { PublicReport } from '@smart-city/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, stubFetch } from '../../test/fetch-stub';
import { renderRoute, signedIn } from '../../test/render';
import { citiesOr404, testReport } from '../../test/report-fixtures';

function stubMine(answers: (PublicReport[] | number)[]) {
  return stubFetch((url) => {
    if (url !== '/api/reports/mine') return Promise.resolve(citiesOr404(url));
    const next = answers.length > 1 ? answers.shift()! : answers[0]!;
    return Promise.resolve(
      typeof next === 'number'
        ? jsonResponse({ error: { code: 'internal', message: 'Boom' } }, next)
        : jsonResponse({ items: next }),
    );
  });
}

describe('my reports', () => {
  it('lists what the person reported or follows, with status and deadline, each to its page', async () => {
    stubMine([
      [
        testReport({ dueAt: '2026-11-21T09:05:00.000Z', overdue: true }),
        testReport({ id: '7', category: 'garbage', status: 'acknowledged' }),
      ],
    ]);
    renderRoute('/reports/mine', { auth: signedIn() });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'My reports' }),
    ).toBeInTheDocument();
    const links = within(await screen.findByRole('list', { name: 'Reports' })).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['/reports/42', '/reports/7']);
    expect(links[0]).toHaveTextContent('Overdue by 1 hour');
    expect(links[1]).toHaveTextContent('Garbage not collected');
    expect(links[1]).toHaveTextContent('Acknowledged');
    expect(links[1]).toHaveTextContent('Due in 5 hours');
  });

  it('invites a person with no reports to report a problem', async () => {
    stubMine([[]]);
    renderRoute('/reports/mine', { auth: signedIn() });
    expect(
      await screen.findByText('You have not reported or followed a problem yet'),
    ).toBeInTheDocument();
    const links = screen.getAllByRole('link', { name: 'Report a problem' });
    expect(links.length).toBeGreaterThan(0);
    for (const link of links) expect(link).toHaveAttribute('href', '/reports/new');
  });

  it('offers Retry when the reports cannot be loaded', async () => {
    stubMine([500, [testReport()]]);
    renderRoute('/reports/mine', { auth: signedIn() });
    expect(await screen.findByText('Your reports could not be loaded.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('list', { name: 'Reports' })).toBeInTheDocument();
  });
});
