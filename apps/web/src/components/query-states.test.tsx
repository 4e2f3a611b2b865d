import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { QueryContent } from './query-states';

/** Answers each request with the next of `answers`: a number to show, or an error. */
function Figures({ answers }: { answers: (() => Promise<number>)[] }) {
  const query = useQuery({
    queryKey: ['figures'],
    queryFn: () => answers.shift()!(),
  });
  return (
    <QueryContent
      query={query}
      errorMessage="The figures could not be loaded."
      errorTestId="figures-error"
    >
      {(value) => <p>{`Sensors online: ${value}`}</p>}
    </QueryContent>
  );
}

function renderFigures(answers: (() => Promise<number>)[]) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <Figures answers={answers} />
    </QueryClientProvider>,
  );
}

describe('QueryContent', () => {
  it('says it is loading until the answer comes, then shows what the answer draws', async () => {
    let answer: (value: number) => void = () => {};
    renderFigures([() => new Promise<number>((resolve) => (answer = resolve))]);
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');

    answer(42);
    expect(await screen.findByText('Sensors online: 42')).toBeVisible();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('shows the error with a Retry that asks again', async () => {
    let answerRetry: (value: number) => void = () => {};
    renderFigures([
      () => Promise.reject(new Error('Internal server error')),
      () => new Promise<number>((resolve) => (answerRetry = resolve)),
    ]);
    const failed = await screen.findByTestId('figures-error');
    expect(screen.getByRole('alert')).toHaveTextContent('The figures could not be loaded.');
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');

    answerRetry(7);
    expect(await screen.findByText('Sensors online: 7')).toBeVisible();
    expect(failed).not.toBeInTheDocument();
  });
});
