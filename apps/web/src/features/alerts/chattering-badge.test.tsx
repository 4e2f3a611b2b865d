import type { Alert } from '@smart-city/shared';
import { render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { applyLanguage } from '../../lib/i18n/i18n';
import { testAlert } from '../../test/live-fixtures';
import { signedIn, TestProviders } from '../../test/render';
import { AlertCard } from './alert-card';
import { ChatteringBadge } from './chattering-badge';

/** An alert's card, as an operator (or with `canAct` false, a resident) sees it. */
function renderCard(alert: Alert, canAct = true) {
  const router = createMemoryRouter(
    [{ path: '*', element: <AlertCard alert={alert} canAct={canAct} /> }],
    { initialEntries: ['/alerts'] },
  );
  render(
    <TestProviders auth={signedIn({ id: 'op-1', role: canAct ? 'operator' : 'citizen' })}>
      <RouterProvider router={router} />
    </TestProviders>,
  );
  return screen.getByTestId('alert-card');
}

describe('the chattering badge', () => {
  afterEach(() => applyLanguage('en'));

  it('marks a chattering alert on its card, saying why in its tooltip and to screen readers', () => {
    const card = renderCard(testAlert({ chattering: true }));
    const badge = within(card).getByTestId('alert-chattering');
    expect(badge).toHaveTextContent('Chattering');
    const why =
      'Raised more than 3 times within an hour for this sensor and rule: a nuisance alarm whose limits or delays may need a look.';
    expect(badge).toHaveAttribute('title', why);
    expect(badge).toHaveAccessibleDescription(why);
  });

  it('shows nothing for an alert that is not chattering, nor to residents', () => {
    expect(
      within(renderCard(testAlert({ chattering: false }))).queryByTestId('alert-chattering'),
    ).toBeNull();
    document.body.innerHTML = '';
    expect(
      within(renderCard(testAlert({ chattering: true }), false)).queryByTestId('alert-chattering'),
    ).toBeNull();
  });

  it('explains itself under the badge on the alert page, in Hindi and Bengali too', async () => {
    const { rerender } = render(
      <ChatteringBadge alert={testAlert({ chattering: true })} explained />,
    );
    expect(screen.getByTestId('alert-chattering-hint')).toHaveTextContent(
      'Raised more than 3 times within an hour',
    );
    await applyLanguage('hi');
    rerender(<ChatteringBadge alert={testAlert({ chattering: true })} explained />);
    expect(screen.getByTestId('alert-chattering')).toHaveTextContent('बार-बार उठ रहा');
    expect(screen.getByTestId('alert-chattering-hint')).toHaveTextContent('एक घंटे में 3 से अधिक');
    await applyLanguage('bn');
    rerender(<ChatteringBadge alert={testAlert({ chattering: true })} explained />);
    expect(screen.getByTestId('alert-chattering')).toHaveTextContent('বারবার উঠছে');
    expect(screen.getByTestId('alert-chattering-hint')).toHaveTextContent('এক ঘণ্টায় ৩ বারের বেশি');
  });
});
