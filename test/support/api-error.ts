import { STATUS_CODES } from 'node:http';
import type { ApiResponse } from './digest-client';

export interface ExpectedError {
  parameters?: unknown[];
  // The text, or an asymmetric matcher such as expect.stringContaining(...).
  detail?: unknown;
}

// The product's error body, exactly its five attributes: `error` equal to the status, `reason` its
// phrase, the errorCode, and the parameters and the detail when given (a parameter list and a string
// detail otherwise). For tables of expected answers; a test holding the response calls expectApiError.
export function apiErrorBody(
  status: number,
  errorCode: string,
  { parameters, detail }: ExpectedError = {},
): Record<string, unknown> {
  return {
    detail: detail ?? expect.any(String),
    error: status,
    errorCode,
    parameters: parameters ?? expect.any(Array),
    reason: STATUS_CODES[status],
  };
}

// The product's error answer: the status and apiErrorBody. A list in place of `expected` is the
// parameters.
export function expectApiError(
  response: Pick<ApiResponse, 'status' | 'body'>,
  status: number,
  errorCode: string,
  expected: unknown[] | ExpectedError = {},
): void {
  const { parameters, detail } = Array.isArray(expected)
    ? { parameters: expected, detail: undefined }
    : expected;
  expect({ status: response.status, body: response.body as unknown }).toEqual({
    status,
    body: apiErrorBody(status, errorCode, { parameters, detail }),
  });
}

// The one refusal without an errorCode: the bare 401 of a Digest challenge (no credentials, or wrong ones),
// whose WWW-Authenticate header says the rest.
export function challengeBody(): Record<string, unknown> {
  return { detail: 'You are not authorized for this resource.', error: 401, reason: STATUS_CODES[401] };
}
