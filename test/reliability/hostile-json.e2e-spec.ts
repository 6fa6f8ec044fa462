import fc from 'fast-check';
import { request as httpRequest } from 'node:http';
import { expectApiError } from '../support/api-error';
import { assertConformsToOpenApi, request } from '../support/checked-request';
import { call, type ApiResponse, type Credentials } from '../support/digest-client';
import type { BootstrapResult } from '../support/factories/identity.fixture';
import { startTestApp, type TestApp } from '../support/test-app';
import { deployment, postReport, type Deployment } from '../e2e/automation/automation.fixture';
import { errorBodyProblem } from './support/send';
import { sleep } from '../support/time';

// Quadratic and recursive JSON before anything refuses it: an 80,000-key body cost seconds of CPU in
// class-transformer (every other request waited), a 10,000-deep one overflowed class-validator's
// recursion (500), and 1,000 levels were stored in the automation configuration. Over real HTTP, with
// the production defaults (64 KiB bodies, 1 MiB on the document routes, depth 32, 1,000 attributes per
// object), each hostile body is refused by its limit (status and code) while /health keeps answering 200. Times
// are figures, one line each, never assertions: speed is the benchmarks' business.

const FUZZ_SEED = Number(process.env.FUZZ_SEED ?? 20261124);
const FUZZ_RUNS = Number(process.env.HOSTILE_JSON_RUNS ?? 60);

function wideObject(keys: number): string {
  const parts: string[] = [];
  for (let index = 0; index < keys; index += 1) parts.push(`"${index.toString(36)}":0`);
  return `{${parts.join(',')}}`;
}

function deepObjects(levels: number, leaf = '1'): string {
  return '{"a":'.repeat(levels) + leaf + '}'.repeat(levels);
}

interface Timed {
  response: ApiResponse;
  elapsedMs: number;
  health: number[];
}

// Sends the hostile request while a second client asks /health back to back, and times both.
async function timedWithHealth(send: () => Promise<ApiResponse>, baseUrl: string): Promise<Timed> {
  const health: number[] = [];
  let done = false;
  const probe = (async () => {
    while (!done) {
      const started = performance.now();
      const answer = await request(`${baseUrl}/health`, { timeout: 30_000 });
      expect(answer.status).toBe(200);
      health.push(performance.now() - started);
      await sleep(5);
    }
  })();
  const started = performance.now();
  try {
    const response = await send();
    return { response, elapsedMs: performance.now() - started, health };
  } finally {
    done = true;
    await probe;
  }
}

function summary(timed: Timed): string {
  const sorted = [...timed.health].sort((a, b) => a - b);
  const median = sorted.length === 0 ? 0 : sorted[Math.floor(sorted.length / 2)];
  const max = sorted.length === 0 ? 0 : sorted[sorted.length - 1];
  return `${timed.response.status} in ${timed.elapsedMs.toFixed(0)} ms; /health x${sorted.length} median ${median.toFixed(1)} ms, max ${max.toFixed(1)} ms`;
}

function expectProductError(
  response: ApiResponse,
  status: number,
  errorCode: string,
  parameters?: unknown[],
): void {
  expectApiError(response, status, errorCode, parameters);
  // And the raw answer: media type and body as the product writes them.
  expect(
    errorBodyProblem({ status: response.status, headers: response.headers, text: response.text }),
  ).toBeUndefined();
}

const figures: string[] = [];

describe('hostile JSON bodies (quadratic keys, deep nesting, body limits)', () => {
  let t: TestApp;
  let boot: BootstrapResult;
  let d: Deployment;

  beforeAll(async () => {
    t = await startTestApp({ AGENT_SWEEP_INTERVAL_SECONDS: '0' });
    // The first checked response compiles the OpenAPI checker (a second or so, client side): not a figure.
    await request(`${t.baseUrl}/health`);
  });

  afterAll(async () => {
    if (figures.length > 0) console.log(`hostile JSON figures:\n  ${figures.join('\n  ')}`);
    await t?.close();
  });

  const orgsUrl = () => `${t.apiUrl}/orgs`;
  const automationUrl = () => `${t.apiUrl}/groups/${d.groupId}/automationConfig`;
  const putConfig = (rawBody: string, auth: Credentials = d.automationAdmin) =>
    call('PUT', automationUrl(), { auth, rawBody });

  describe('before the first user exists (anonymous callers)', () => {
    it('refuses the 80,000-key body at the 64 KiB limit and a 6,000-key one by its attributes', async () => {
      const huge = await timedWithHealth(
        () => call('POST', `${t.apiUrl}/unauth/users`, { rawBody: wideObject(80_000) }),
        t.baseUrl,
      );
      figures.push(`POST /unauth/users, 80,000 keys, no user yet: ${summary(huge)}`);
      expectProductError(huge.response, 413, 'REQUEST_TOO_LARGE', ['65536']);

      const wide = await timedWithHealth(
        () => call('POST', `${t.apiUrl}/unauth/users`, { rawBody: wideObject(6_000) }),
        t.baseUrl,
      );
      figures.push(`POST /unauth/users, 6,000 keys (58 KiB), no user yet: ${summary(wide)}`);
      expectProductError(wide.response, 400, 'TOO_MANY_ATTRIBUTES', ['body', 1000]);
      expect(wide.response.body.detail).toBe('The object body has more than 1000 attributes.');
    });

    it('refuses a 10,000-deep body with 400 naming where it went too deep', async () => {
      const response = await call('POST', `${t.apiUrl}/unauth/users`, { rawBody: deepObjects(10_000) });
      expectProductError(response, 400, 'JSON_NESTED_TOO_DEEPLY', [Array(32).fill('a').join('.'), 32]);
      // Nothing was created: the bootstrap is still open (the deployment below makes the first user).
    });
  });

  describe('once a user exists', () => {
    beforeAll(async () => {
      d = await deployment(t);
      boot = { globalKey: d.globalOwner } as BootstrapResult;
    });

    it('refuses POST /unauth/users before reading its body', async () => {
      const huge = await timedWithHealth(
        () => call('POST', `${t.apiUrl}/unauth/users`, { rawBody: wideObject(80_000) }),
        t.baseUrl,
      );
      figures.push(`POST /unauth/users, 80,000 keys, a user exists: ${summary(huge)}`);
      expectProductError(huge.response, 403, 'INVITATION_ONLY_MODE_OR_LDAP');

      // The proof that nothing is read: headers announce 1 MB, a few bytes follow, and the answer comes
      // while the rest of the body is still owed.
      const partial = await new Promise<{
        status: number;
        headers: Record<string, string | string[] | undefined>;
        text: string;
      }>((resolve, reject) => {
        const req = httpRequest(`${t.apiUrl}/unauth/users`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'content-length': String(1_000_000) },
        });
        req.on('response', (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => (text += chunk));
          res.on('end', () => {
            resolve({ status: res.statusCode ?? 0, headers: res.headers, text });
            req.destroy();
          });
        });
        req.on('error', reject);
        req.write('{"username":');
      });
      assertConformsToOpenApi({
        method: 'POST',
        url: `${t.apiUrl}/unauth/users`,
        status: partial.status,
        headers: partial.headers,
        body: partial.text,
      });
      expectApiError(
        { status: partial.status, body: JSON.parse(partial.text) },
        403,
        'INVITATION_ONLY_MODE_OR_LDAP',
      );
    });

    it('an agent key cannot make the service spend seconds on 80,000 keys on a 1 MiB route', async () => {
      const body = wideObject(80_000);
      expect(body.length).toBeLessThan(1024 * 1024);
      const timed = await timedWithHealth(
        () => postReport(t, d.groupId, d.agentKey.key, undefined, { rawBody: body }),
        t.baseUrl,
      );
      figures.push(
        `POST agent report, 80,000 keys (${(body.length / 1024).toFixed(0)} KiB), agent key: ${summary(timed)}`,
      );
      expectProductError(timed.response, 400, 'TOO_MANY_ATTRIBUTES', ['body', 1000]);

      const config = await timedWithHealth(
        () => putConfig(`{"processes":[${wideObject(80_000)}]}`),
        t.baseUrl,
      );
      figures.push(`PUT automationConfig, 80,000 keys in processes[0], automation admin: ${summary(config)}`);
      expectProductError(config.response, 400, 'TOO_MANY_ATTRIBUTES', ['processes[0]', 1000]);
    });

    it('refuses 10,000-deep bodies with 400 on every kind of route, never 500', async () => {
      const deep = deepObjects(10_000);
      const responses = [
        await call('POST', orgsUrl(), { auth: boot.globalKey, rawBody: deep }),
        await postReport(t, d.groupId, d.agentKey.key, undefined, { rawBody: `[${deep}]` }),
        await putConfig(`{"processes":[{"args2_6":${deep}}]}`),
        await call('POST', `${t.apiUrl}/groups/${d.groupId}/alertConfigs`, {
          auth: d.groupOwner,
          rawBody: '['.repeat(10_000) + ']'.repeat(10_000),
        }),
      ];
      for (const response of responses) expectProductError(response, 400, 'JSON_NESTED_TOO_DEEPLY');
      expect(responses[2].body.parameters).toEqual([
        `processes[0].args2_6.${Array(29).fill('a').join('.')}`,
        32,
      ]);
    });

    it('stores a real automation configuration, never one 1,000 or 33 levels deep', async () => {
      // The deepest documented sections (mongod options under args2_6) reach 7 levels.
      const real = {
        options: { downloadBase: '/var/lib/mongodb-mms-automation' },
        mongoDbVersions: [{ name: '7.0.2' }],
        processes: [
          {
            name: 'rs0_0',
            hostname: 'db0.example.net',
            processType: 'mongod',
            version: '7.0.2',
            args2_6: {
              net: {
                port: 27017,
                bindIp: '0.0.0.0',
                tls: { mode: 'requireTLS', certificateKeyFile: '/etc/ssl/db.pem' },
              },
              storage: { dbPath: '/data/rs0_0', wiredTiger: { engineConfig: { cacheSizeGB: 2 } } },
              systemLog: { destination: 'file', path: '/data/rs0_0/mongod.log' },
              replication: { replSetName: 'rs0' },
              setParameter: { ttlMonitorEnabled: true },
            },
          },
        ],
        replicaSets: [
          { _id: 'rs0', members: [{ _id: 0, host: 'rs0_0', priority: 1, tags: { dc: 'east' } }] },
        ],
        sharding: [],
      };
      const stored = await putConfig(JSON.stringify(real));
      expect(stored.status).toBe(200);
      const before = await call('GET', automationUrl(), { auth: d.automationAdmin });

      for (const levels of [1_000, 33]) {
        const hostile = {
          ...real,
          processes: [{ ...real.processes[0], args2_6: '__DEEP__' }],
        };
        const rawBody = JSON.stringify(hostile).replace('"__DEEP__"', deepObjects(levels));
        const response = await putConfig(rawBody);
        expectProductError(response, 400, 'JSON_NESTED_TOO_DEEPLY');
      }
      const after = await call('GET', automationUrl(), { auth: d.automationAdmin });
      expect(after.body).toEqual(before.body);
    });

    it('applies each route its own body limit: 64 KiB by default, 1 MiB on the document routes', async () => {
      const padded = (bytes: number, body: Record<string, unknown>) => {
        const text = JSON.stringify({ ...body, pad: '' });
        return text.replace('"pad":""', `"pad":"${'x'.repeat(bytes - text.length)}"`);
      };
      const org = await call('POST', orgsUrl(), {
        auth: boot.globalKey,
        rawBody: padded(64 * 1024 + 1, { name: 'big' }),
      });
      expectProductError(org, 413, 'REQUEST_TOO_LARGE', ['65536']);
      expect(org.body.detail).toBe('The request body exceeds the limit of 65536 bytes.');
      const orgAtLimit = await call('POST', orgsUrl(), {
        auth: boot.globalKey,
        rawBody: padded(64 * 1024, { name: 'big' }),
      });
      // At the limit the body is read and validated: the unknown attribute is what is refused.
      expectProductError(orgAtLimit, 400, 'INVALID_ATTRIBUTE', ['pad']);

      // 300 processes of a real size (~900 KiB) are one legitimate automation configuration.
      const processes = Array.from({ length: 300 }, (_, index) => ({
        name: `p${index}`,
        hostname: `db${index}.example.net`,
        processType: 'mongod',
        version: '7.0.2',
        args2_6: { net: { port: 27017 }, storage: { dbPath: `/data/${'d'.repeat(2_900)}${index}` } },
      }));
      const bigConfig = JSON.stringify({ processes, mongoDbVersions: [{ name: '7.0.2' }] });
      expect(bigConfig.length).toBeGreaterThan(800 * 1024);
      expect(bigConfig.length).toBeLessThan(1024 * 1024);
      expect((await putConfig(bigConfig)).status).toBe(200);

      const tooBig = await putConfig(padded(1024 * 1024 + 1, { processes: [] }));
      expectProductError(tooBig, 413, 'REQUEST_TOO_LARGE', ['1048576']);
      const report = await postReport(t, d.groupId, d.agentKey.key, undefined, {
        rawBody: padded(1024 * 1024 + 1, {}),
      });
      expectProductError(report, 413, 'REQUEST_TOO_LARGE', ['1048576']);
      // A 200 KiB identity provider (certificates during a rotation) is read and judged, not cut off.
      const federation = await call('POST', `${t.apiUrl}/orgs/${d.orgId}/federationSettings`, {
        auth: d.orgOwner,
      });
      const idpUrl = `${t.apiUrl}/federationSettings/${federation.body?.id}/identityProviders`;
      const idp = await call('POST', idpUrl, {
        auth: d.orgOwner,
        rawBody: padded(200 * 1024, { displayName: 'big' }),
      });
      expect(idp.status).not.toBe(413);
      expect(idp.status).toBeGreaterThanOrEqual(400);
      expect(idp.status).toBeLessThan(500);
    });

    it('refuses random deep or wide shapes with a 4xx naming the limit', async () => {
      const routes: Array<{ name: string; send: (body: string) => Promise<ApiResponse> }> = [
        { name: 'POST /orgs', send: (rawBody) => call('POST', orgsUrl(), { auth: boot.globalKey, rawBody }) },
        {
          name: 'POST /unauth/users',
          send: (rawBody) => call('POST', `${t.apiUrl}/unauth/users`, { rawBody }),
        },
        { name: 'PUT automationConfig', send: (rawBody) => putConfig(rawBody) },
        { name: 'PUT automationConfig (read-only)', send: (rawBody) => putConfig(rawBody, d.readOnly) },
        {
          name: 'POST agent report',
          send: (rawBody) => postReport(t, d.groupId, d.agentKey.key, undefined, { rawBody }),
        },
      ];
      const keysLimit = t.config.jsonMaxKeysPerObject;
      const name = fc.stringMatching(/^[a-zA-Z_$][\w$]{0,7}$/);
      // Too deep (objects, arrays or both), too many attributes in one object, many objects each within
      // the limit (the body passes the shape check: validation pays for every attribute), or a long array;
      // wrapped inside an ordinary-looking body at a random place.
      const excess = fc.oneof(
        fc
          .record({
            levels: fc.integer({ min: 33, max: 20_000 }),
            open: fc.constantFrom('{"k":', '[', '[{"k":'),
          })
          .map(({ levels, open }) => {
            const close = open === '{"k":' ? '}' : open === '[' ? ']' : '}]';
            return open.repeat(levels) + '0' + close.repeat(levels);
          }),
        fc.integer({ min: 1_001, max: 100_000 }).map((keys) => wideObject(keys)),
        fc
          .record({
            keys: fc.integer({ min: keysLimit / 2, max: keysLimit }),
            copies: fc.integer({ min: 2, max: 2_000 }),
          })
          .map(({ keys, copies }) => `[${Array(copies).fill(wideObject(keys)).join(',')}]`),
        fc.integer({ min: 10_000, max: 400_000 }).map((items) => `[${Array(items).fill('{}').join(',')}]`),
        // Empty items under the names of typed arrays: each one a DTO with all its checks to run.
        fc
          .record({
            array: fc.constantFrom(
              'hosts',
              'processes',
              'measurements',
              'disks',
              'mongoDbVersions',
              'replicaSets',
            ),
            items: fc.integer({ min: 500, max: 30_000 }),
          })
          .map(({ array, items }) => `{"${array}":[${Array(items).fill('{}').join(',')}]}`),
      );
      const wrapper = fc.array(fc.tuple(fc.boolean(), name), { maxLength: 6 });
      const stats = new Map<number, number>();
      let slowest = 0;
      const outcome = await fc.check(
        fc.asyncProperty(
          fc.integer({ min: 0, max: routes.length - 1 }),
          excess,
          wrapper,
          async (route, inner, path) => {
            let body = inner;
            for (const [inArray, key] of path.reverse())
              body = inArray ? `[1,${body}]` : `{"${key}":${body},"z":1}`;
            const started = performance.now();
            const response = await routes[route].send(body);
            const elapsed = performance.now() - started;
            slowest = Math.max(slowest, elapsed);
            stats.set(response.status, (stats.get(response.status) ?? 0) + 1);
            expect(response.status).toBeGreaterThanOrEqual(400);
            expect(response.status).toBeLessThan(500);
            expect(
              errorBodyProblem({ status: response.status, headers: response.headers, text: response.text }),
            ).toBeUndefined();
          },
        ),
        { seed: FUZZ_SEED, numRuns: FUZZ_RUNS },
      );
      // fast-check's own report prints the counterexample whole: a megabyte of JSON.
      if (outcome.failed) {
        const [route, inner, path] = outcome.counterexample ?? [0, '', []];
        throw new Error(
          `${routes[route].name}, wrapped in ${JSON.stringify(path)}: ${inner.length} bytes starting ${inner.slice(0, 120)}: ` +
            String((outcome.errorInstance as Error | undefined)?.message ?? outcome.errorInstance).slice(
              0,
              600,
            ),
        );
      }
      figures.push(
        `random shapes (seed ${FUZZ_SEED}, ${FUZZ_RUNS} runs): ${[...stats].map(([status, count]) => `${status}: ${count}`).join(', ')}; slowest ${slowest.toFixed(0)} ms`,
      );
    }, 300_000);
  });
});

describe('body and shape limits are settings', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp({
      JSON_MAX_DEPTH: '4',
      JSON_MAX_KEYS_PER_OBJECT: '10',
      JSON_MAX_VALUES: '30',
      BODY_LIMIT_BYTES: '2048',
    });
  });

  afterAll(async () => {
    await t?.close();
  });

  it('follows JSON_MAX_DEPTH, JSON_MAX_KEYS_PER_OBJECT, JSON_MAX_VALUES and BODY_LIMIT_BYTES', async () => {
    const url = `${t.apiUrl}/unauth/users`;
    expectProductError(await call('POST', url, { rawBody: deepObjects(5) }), 400, 'JSON_NESTED_TOO_DEEPLY', [
      'a.a.a.a',
      4,
    ]);
    expectProductError(await call('POST', url, { rawBody: wideObject(11) }), 400, 'TOO_MANY_ATTRIBUTES', [
      'body',
      10,
    ]);
    const total = `[${Array(3).fill(wideObject(10)).join(',')},{"a":1}]`;
    expectProductError(await call('POST', url, { rawBody: total }), 400, 'TOO_MANY_VALUES', [30]);
    expectProductError(
      await call('POST', url, { rawBody: JSON.stringify({ pad: 'x'.repeat(2048) }) }),
      413,
      'REQUEST_TOO_LARGE',
      ['2048'],
    );
    // Within every limit, the body reaches validation.
    expectProductError(await call('POST', url, { rawBody: deepObjects(3) }), 400, 'INVALID_ATTRIBUTE', ['a']);
  });
});
