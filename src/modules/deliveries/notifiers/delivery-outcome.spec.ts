import { OutboundRequestError, type OutboundResponse } from '../../../platform/net/outbound';
import { outcomeOfFailure, outcomeOfResponse, parseRetryAfter, UNREACHABLE_ERROR } from './delivery-outcome';

const NOW = new Date('2024-01-15T10:30:00Z');

function answer(status: number, headers: Record<string, string> = {}, body = ''): OutboundResponse {
  return { status, headers, body, bodyTruncated: false, latencyMs: 12, privateTarget: false };
}

describe('parseRetryAfter', () => {
  it.each<[string | undefined, number | undefined]>([
    ['120', 120_000],
    [' 0 ', 0],
    ['Mon, 15 Jan 2024 10:31:00 GMT', 60_000],
    ['Mon, 15 Jan 2024 10:29:00 GMT', 0],
    ['soon', undefined],
    ['-5', undefined],
    [undefined, undefined],
  ])('should read %j as %j ms', (value, expected) => {
    expect(parseRetryAfter(value, NOW)).toBe(expected);
  });
});

describe('outcomeOfResponse', () => {
  it.each([200, 201, 202, 204])('should succeed when the answer is %s', (status) => {
    expect(outcomeOfResponse(answer(status, {}, 'fine'), NOW)).toEqual({
      ok: true,
      status,
      latencyMs: 12,
      retryable: false,
      response: 'fine',
    });
  });

  it.each([408, 429, 500, 503, 504])('should be retryable when the answer is %s', (status) => {
    const outcome = outcomeOfResponse(answer(status, { 'retry-after': '5' }), NOW);
    expect(outcome).toMatchObject({ ok: false, status, retryable: true, retryAfterMs: 5000 });
  });

  it.each([301, 302, 307, 400, 401, 403, 404, 409, 413, 422])(
    'should give up when the answer is %s',
    (status) => {
      const outcome = outcomeOfResponse(answer(status, { 'retry-after': '5' }), NOW);
      expect(outcome).toMatchObject({ ok: false, status, retryable: false });
      expect(outcome.retryAfterMs).toBeUndefined();
    },
  );

  it('should keep only the start of a long answer', () => {
    expect(outcomeOfResponse(answer(500, {}, 'e'.repeat(5000)), NOW).response).toHaveLength(2000);
  });

  it.each([200, 404, 500])('should withhold the body of a private target answering %s', (status) => {
    const outcome = outcomeOfResponse({ ...answer(status, {}, 'internal data'), privateTarget: true }, NOW);
    expect(outcome.status).toBe(status);
    expect(outcome.response).toBeUndefined();
    expect(JSON.stringify(outcome)).not.toContain('internal data');
  });
});

describe('outcomeOfFailure', () => {
  it.each<[ConstructorParameters<typeof OutboundRequestError>[0], boolean]>([
    ['REFUSED', false],
    ['INVALID_REQUEST', false],
  ])('should make %s retryable: %s and say why', (failure, retryable) => {
    const outcome = outcomeOfFailure(new OutboundRequestError(failure, 'why', 42));
    expect(outcome).toEqual({ ok: false, error: `${failure}: why`, latencyMs: 42, retryable });
  });

  it.each<[ConstructorParameters<typeof OutboundRequestError>[0], string]>([
    ['TIMEOUT', 'no complete answer within 1000 ms'],
    ['NETWORK', 'ECONNREFUSED: connect ECONNREFUSED 127.0.0.1:9'],
    ['NETWORK', 'socket hang up'],
    ['NETWORK', 'HPE_INVALID_CONSTANT: Expected HTTP/'],
  ])('should report %s (%s) as the one retryable unreachable error', (failure, cause) => {
    const outcome = outcomeOfFailure(new OutboundRequestError(failure, cause, 42));
    expect(outcome).toEqual({ ok: false, error: UNREACHABLE_ERROR, latencyMs: 42, retryable: true });
  });
});
