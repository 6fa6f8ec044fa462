import type { ApiResponse } from './digest-client';

const ERROR_BODY_ATTRIBUTES = ['detail', 'error', 'errorCode', 'parameters', 'reason'];

// The product's error answer: the status, its body's `error` and `errorCode`, exactly the five
// attributes of an error body, and the parameters when given.
export function expectApiError(
  response: Pick<ApiResponse, 'status' | 'body'>,
  status: number,
  errorCode: string,
  parameters?: unknown[],
): void {
  expect({
    status: response.status,
    error: response.body?.error,
    errorCode: response.body?.errorCode,
  }).toEqual({
    status,
    error: status,
    errorCode,
  });
  expect(Object.keys(response.body as object).sort()).toEqual(ERROR_BODY_ATTRIBUTES);
  if (parameters !== undefined) expect(response.body.parameters).toEqual(parameters);
}
