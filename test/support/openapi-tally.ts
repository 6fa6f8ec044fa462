// How many responses this test file checked against the OpenAPI document (test/support/checked-request.ts).
// Kept on globalThis, which jest gives each test file afresh; openapi-tally.setup.ts appends it to the file
// the summary reporter (summary-reporter.js) adds up at the end of the run.
export interface OpenApiTally {
  checked: number;
  problems: number;
}

export const OPENAPI_TALLY_FILE_ENV = 'DMS_OPENAPI_TALLY_FILE';

export function openApiTally(): OpenApiTally {
  const holder = globalThis as { __DMS_OPENAPI_TALLY__?: OpenApiTally };
  return (holder.__DMS_OPENAPI_TALLY__ ??= { checked: 0, problems: 0 });
}
