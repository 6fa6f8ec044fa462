import { appendFileSync } from 'node:fs';
import { OPENAPI_TALLY_FILE_ENV, openApiTally } from './openapi-tally';

afterAll(() => {
  const file = process.env[OPENAPI_TALLY_FILE_ENV];
  const tally = openApiTally();
  if (file && tally.checked > 0) appendFileSync(file, `${JSON.stringify(tally)}\n`);
});
