import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from './connection-loss';

const withCode = (code: string, message = 'from the database') =>
  Object.assign(new Error(message), { code });

describe('isDatabaseUnavailable', () => {
  it.each([
    ['an administrator ending the session (57P01)', withCode('57P01')],
    ['a crash shutdown (57P02)', withCode('57P02')],
    ['a server starting up or shutting down (57P03)', withCode('57P03')],
    ['a connection exception (class 08)', withCode('08006')],
    ['a refused connection', withCode('ECONNREFUSED')],
    ['a reset connection', withCode('ECONNRESET')],
    ['a connection ended under a query', new Error('Connection terminated unexpectedly')],
    ['no connection in time', new Error('timeout exceeded when trying to connect')],
    [
      'a connection attempt that timed out',
      new Error('Connection terminated due to connection timeout'),
    ],
    [
      'a cause of a wrapped error',
      new Error('session lookup failed', { cause: withCode('57P01') }),
    ],
    ['one of several connect attempts', new AggregateError([withCode('ECONNREFUSED')], 'connect')],
  ])('is true for %s', (_, err) => {
    expect(isDatabaseUnavailable(err)).toBe(true);
  });

  it.each([
    ['a value the database refuses (22P02)', withCode('22P02')],
    ['a unique violation (23505)', withCode('23505')],
    ['a deadlock (40P01)', withCode('40P01')],
    ['an error of the code', new TypeError("Cannot read properties of undefined (reading 'id')")],
    ['something that is not an error', 'Connection terminated'],
    ['nothing', undefined],
  ])('is false for %s', (_, err) => {
    expect(isDatabaseUnavailable(err)).toBe(false);
  });
});
