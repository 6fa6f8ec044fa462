import { runDemo } from '../../../scripts/demo';
import { call } from '../../support/digest-client';
import { startTestApp, type TestApp } from '../../support/test-app';
import { SECRETS_KEY } from '../deliveries/deliveries-fixture';

// `npm run demo` starts the built service and runs this core against it; here the core runs against a test
// instance with its timers and LISTEN/NOTIFY on, as a newcomer's service would run.
describe('POST /agents/v1/groups/{groupId}/reports (npm run demo, scripts/demo.js)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp({ OUTBOUND_ALLOWLIST: '127.0.0.1:*', SECRETS_KEY });
  });

  afterAll(() => t.close());

  it('should show an alert open, notified, acknowledged, closed and its delivery log, in that order', async () => {
    const lines: string[] = [];
    const result = await runDemo({ baseUrl: t.baseUrl, log: (line) => lines.push(line) });

    const expected = [
      /^webhook receiver listening on http:\/\/127\.0\.0\.1:\d+\/demo-hook$/,
      /^first user created/,
      /^alert configuration [0-9a-f]{24}: CONNECTIONS above 1000 -> WEBHOOK \(delayMin 0\)$/,
      /^agent report: db0\.demo\.internal:27017 has 1500 connections$/,
      /^webhook received alert\.open: OUTSIDE_METRIC_THRESHOLD CONNECTIONS on db0\.demo\.internal:27017, status OPEN, currentValue 1500 RAW$/,
      new RegExp(`^GET alert ${result.alertId}: status OPEN, `),
      /^alert acknowledged by \S+ until /,
      /^webhook received alert\.acknowledge: .*status OPEN/,
      /^agent report: db0\.demo\.internal:27017 has 200 connections$/,
      /^webhook received alert\.close: .*status CLOSED.*, resolved \S+Z$/,
      new RegExp(`^GET alert ${result.alertId}: status CLOSED, resolved `),
      /^delivery log of alert /,
      /^ {2}alert\.open -> WEBHOOK: SUCCEEDED, 1 attempt\(s\), HTTP 200 in \d+ ms$/,
      /^ {2}alert\.acknowledge -> WEBHOOK: SUCCEEDED, 1 attempt\(s\), HTTP 200 in \d+ ms$/,
      /^ {2}alert\.close -> WEBHOOK: SUCCEEDED, 1 attempt\(s\), HTTP 200 in \d+ ms$/,
    ];
    let from = 0;
    for (const pattern of expected) {
      const index = lines.findIndex((line, at) => at >= from && pattern.test(line));
      if (index < 0)
        throw new Error(`no line matching ${String(pattern)} after line ${from} in:\n${lines.join('\n')}`);
      from = index + 1;
    }

    // What it printed is what the API holds.
    const auth = result.credentials;
    const alert = await call<{ status: string; acknowledgementComment?: string }>(
      'GET',
      `${t.apiUrl}/groups/${result.groupId}/alerts/${result.alertId}`,
      { auth },
    );
    expect(alert.body).toMatchObject({ status: 'CLOSED', acknowledgementComment: 'looking into it (demo)' });
    const deliveries = await call<{ results: Array<{ eventKind: string; status: string }> }>(
      'GET',
      `${t.apiUrl}/groups/${result.groupId}/deliveries?alertId=${result.alertId}`,
      { auth },
    );
    expect(
      deliveries.body.results.map((delivery) => `${delivery.eventKind} ${delivery.status}`).reverse(),
    ).toEqual(['alert.open SUCCEEDED', 'alert.acknowledge SUCCEEDED', 'alert.close SUCCEEDED']);
  });
});
