import { isDatabaseUnavailable, toApiError } from './to-api-error';

describe('toApiError: database unavailable', () => {
  const noLog = () => undefined;

  it.each([
    [
      'a refused connection',
      Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
    ],
    ['a terminated connection', new Error('Connection terminated unexpectedly')],
    ['an admin shutdown inside a query error', { message: 'query failed', driverError: { code: '57P01' } }],
    ['a connection exception class', { code: '08006', message: 'connection failure' }],
    [
      'an AggregateError of refusals',
      new AggregateError([Object.assign(new Error('x'), { code: 'ECONNREFUSED' })]),
    ],
  ])('should answer 503 SERVICE_UNAVAILABLE when the error is %s', (_what, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
    const apiError = toApiError(error, '/x', noLog);
    expect(apiError.status).toBe(503);
    expect(apiError.errorCode).toBe('SERVICE_UNAVAILABLE');
  });

  it('should keep a 500 when the database answered with another error', () => {
    const error = { message: 'duplicate key', driverError: { code: '23505' } };
    expect(isDatabaseUnavailable(error)).toBe(false);
    expect(toApiError(error, '/x', noLog).status).toBe(500);
  });
});
