import {
  basic,
  deployment,
  monitoringReport,
  startAutomationApp,
} from '../e2e/automation/automation.fixture';
import { expectApiError } from '../support/api-error';
import { call } from '../support/digest-client';
import type { TestApp } from '../support/test-app';
import { WireConnection, type WireResponse } from '../support/wire-connection';

// An agent report is up to 1 MiB of JSON. A caller without a key of the project must be refused before
// any of it is read or parsed: the request head is sent with the body announced (or chunked), and only
// its first 64 KiB follow; the 401 has to come while the rest is still unsent, which it cannot when the
// service waits for the whole body to parse it first.

const MIB = 1024 * 1024;
const SENT = 64 * 1024;
const ANSWER_WITHIN_MS = 10_000;

// A report of exactly `size` bytes, a JSON object until its last byte.
function bigReport(size: number): Buffer {
  const head = JSON.stringify(monitoringReport([])).slice(0, -1);
  const open = `${head},"padding":"`;
  return Buffer.from(`${open}${'x'.repeat(size - open.length - 2)}"}`);
}

function answerWithin(connection: WireConnection, unsent: number): Promise<WireResponse> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () =>
        reject(
          new Error(`no answer within ${ANSWER_WITHIN_MS} ms while ${unsent} bytes of the body were unsent`),
        ),
      ANSWER_WITHIN_MS,
    );
    connection.response().then(
      (response) => {
        clearTimeout(timer);
        resolve(response);
      },
      (error: Error) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

describe('POST /agents/v1/groups/{groupId}/reports with a large body and no valid agent key', () => {
  let t: TestApp;
  let groupId: string;
  let key: string;
  let otherKey: string;

  beforeAll(async () => {
    t = await startAutomationApp();
    const mine = await deployment(t);
    groupId = mine.groupId;
    key = mine.agentKey.key;
    otherKey = (await deployment(t)).agentKey.key;
  });

  afterAll(async () => {
    await t?.close();
  });

  const credentials = (): Array<[string, string[]]> => [
    ['no Authorization header', []],
    [
      'a wrong key',
      [`Authorization: ${basic(groupId, `${key.slice(0, -1)}${key.endsWith('0') ? '1' : '0'}`)}`],
    ],
    ["another project's key", [`Authorization: ${basic(groupId, otherKey)}`]],
    ['the right key under another user name', [`Authorization: ${basic('5e8cc670a16506712e0b1e95', key)}`]],
    ['a malformed Basic header', ['Authorization: Basic %%%']],
    ['Digest instead of Basic', ['Authorization: Digest username="x", response="y"']],
  ];

  it.each([
    ['announced by Content-Length', false],
    ['chunked', true],
  ])(
    'should answer 401 before the body is read when it is %s, for every kind of wrong credentials',
    async (_how, chunked) => {
      const body = bigReport(MIB);
      // /health alongside, to see what the refused reports cost everyone else.
      let refusing = true;
      let worstHealthMs = 0;
      const health = (async () => {
        while (refusing) {
          const healthStarted = process.hrtime.bigint();
          expect((await call('GET', `${t.baseUrl}/health`)).status).toBe(200);
          worstHealthMs = Math.max(worstHealthMs, Number(process.hrtime.bigint() - healthStarted) / 1e6);
        }
      })();
      let slowestMs = 0;
      try {
        for (const [what, authorization] of credentials()) {
          const connection = await WireConnection.open(t.baseUrl);
          try {
            const framing = chunked ? ['Transfer-Encoding: chunked'] : [`Content-Length: ${body.length}`];
            connection.head('POST', `/agents/v1/groups/${groupId}/reports`, [
              'Content-Type: application/json',
              ...framing,
              ...authorization,
            ]);
            const first = body.subarray(0, SENT);
            await connection.write(
              chunked
                ? Buffer.concat([Buffer.from(`${SENT.toString(16)}\r\n`), first, Buffer.from('\r\n')])
                : first,
            );
            const started = process.hrtime.bigint();
            const response = await answerWithin(connection, body.length - SENT);
            connection.checkAgainstOpenApi();
            expect({ what, status: response.status }).toEqual({ what, status: 401 });
            expectApiError(
              { status: response.status, body: JSON.parse(response.text) },
              401,
              'INVALID_AGENT_API_KEY',
              [groupId],
            );
            slowestMs = Math.max(slowestMs, Number(process.hrtime.bigint() - started) / 1e6);
          } finally {
            connection.close();
          }
        }
      } finally {
        refusing = false;
        await health;
      }
      process.stdout.write(
        `agent reports without a valid key, 1 MiB ${chunked ? 'chunked' : 'announced'}, 64 KiB sent: slowest 401 ` +
          `${slowestMs.toFixed(1)} ms; worst /health ${worstHealthMs.toFixed(1)} ms\n`,
      );
    },
  );

  it('should still take the same large report with the right key', async () => {
    const connection = await WireConnection.open(t.baseUrl);
    try {
      const body = bigReport(MIB);
      const response = await connection.send(
        'POST',
        `/agents/v1/groups/${groupId}/reports`,
        ['Content-Type: application/json', `Authorization: ${basic(groupId, key)}`],
        body.toString(),
      );
      connection.checkAgainstOpenApi();
      // The key passed; the body then went through the report's validation, which names the stray field.
      expectApiError({ status: response.status, body: JSON.parse(response.text) }, 400, 'INVALID_ATTRIBUTE');
    } finally {
      connection.close();
    }
    expect((await call('GET', `${t.baseUrl}/health`)).status).toBe(200);
  });
});

describe('GET public routes that take no body, sent a malformed JSON body', () => {
  let t: TestApp;
  let groupId: string;

  beforeAll(async () => {
    t = await startAutomationApp();
    groupId = (await deployment(t)).groupId;
  });

  afterAll(async () => {
    await t?.close();
  });

  // Parsed, this would be a 400; never read, each route answers as it does without a body.
  const MALFORMED = `{"a":${'['.repeat(30)}`.padEnd(60 * 1024, ' ');

  it.each([
    ['/health', 200],
    ['/metrics', 200],
    ['/prometheus/v1.0/groups/{groupId}/discovery', 401],
    ['/agents/v1/unknown', 404],
  ])('should answer %s as without a body', async (template, status) => {
    const connection = await WireConnection.open(t.baseUrl);
    try {
      const path = template.replace('{groupId}', groupId);
      const response = await connection.send(
        'GET',
        path,
        ['Content-Type: application/json', 'Connection: close'],
        MALFORMED,
      );
      connection.checkAgainstOpenApi();
      expect({ path, status: response.status }).toEqual({ path, status });
    } finally {
      connection.close();
    }
  });
});
