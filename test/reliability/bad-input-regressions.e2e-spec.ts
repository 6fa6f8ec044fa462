import { expectApiError } from '../support/api-error';
import { call, type ApiResponse } from '../support/digest-client';
import { startTestApp, type TestApp } from '../support/test-app';
import { DatabaseDigest } from './support/db-digest';
import { seed, type Seeded } from './support/seed';

// The 500s the hostile-input test found, each replayed exactly: now a 4xx product error, nothing written.

describe('Bad input that used to answer 500', () => {
  let t: TestApp;
  let seeded: Seeded;
  let digest: DatabaseDigest;

  beforeAll(async () => {
    t = await startTestApp({ DELIVERY_POLL_MS: '0', NOTIFICATION_SWEEP_MS: '0', ALERT_ENGINE_SWEEP_MS: '0' });
    seeded = await seed(t);
    digest = await DatabaseDigest.open(t.databaseUrl);
  }, 120000);

  afterAll(async () => {
    await digest?.close();
    await t?.close();
  });

  async function expectRefused(
    request: () => Promise<ApiResponse>,
    status: number,
    errorCode: string,
    parameters?: unknown[],
  ): Promise<void> {
    const before = await digest.snapshot();
    const response = await request();
    expectApiError(response, status, errorCode, parameters);
    expect(DatabaseDigest.changedTables(before, await digest.snapshot())).toEqual([]);
  }

  it('should answer 404 RESOURCE_NOT_FOUND when a path segment holds %00', async () => {
    await expectRefused(
      () => call('GET', `${t.apiUrl}/groups/a%00b/hosts`, { auth: seeded.boot.globalKey }),
      404,
      'RESOURCE_NOT_FOUND',
    );
  });

  it('should answer 400 INVALID_QUERY_PARAMETER naming it when a query value holds %00', async () => {
    await expectRefused(
      () => call('GET', `${t.apiUrl}/orgs?itemsPerPage=1%00`, { auth: seeded.boot.globalKey }),
      400,
      'INVALID_QUERY_PARAMETER',
      ['itemsPerPage'],
    );
  });

  it('should answer 400 INVALID_ATTRIBUTE naming the field when a JSON string holds NUL or a lone surrogate', async () => {
    for (const rawBody of ['{"name":"a\\u0000b"}', '{"name":"\\ud800"}', '{"name":"x","\\u0000":1}']) {
      await expectRefused(
        () => call('POST', `${t.apiUrl}/orgs`, { auth: seeded.boot.globalKey, rawBody }),
        400,
        'INVALID_ATTRIBUTE',
      );
    }
  });

  it('should answer 400 when pemFileInfo is an array', async () => {
    await expectRefused(
      () =>
        call('POST', `${t.apiUrl}/federationSettings/${seeded.ids.federationSettingsId}/identityProviders`, {
          auth: seeded.boot.globalKey,
          body: {
            displayName: 'Okta',
            issuerUri: 'http://www.okta.com/exk1',
            ssoUrl: 'https://example.okta.com/sso/saml',
            pemFileInfo: [],
          },
        }),
      400,
      'INVALID_JSON_ATTRIBUTE',
    );
  });

  it('should answer 400 when a test notification is an array', async () => {
    await expectRefused(
      () =>
        call('POST', `${t.apiUrl}/groups/${seeded.groupId}/alertConfigs/notifications/test`, {
          auth: seeded.boot.globalKey,
          body: { notification: [] },
        }),
      400,
      'INVALID_JSON_ATTRIBUTE',
    );
  });

  it('should answer 400 INVALID_QUERY_PARAMETER when pageNum is beyond any page', async () => {
    await expectRefused(
      () => call('GET', `${t.apiUrl}/orgs?pageNum=99999999999999999999`, { auth: seeded.boot.globalKey }),
      400,
      'INVALID_QUERY_PARAMETER',
      ['pageNum', expect.any(String)],
    );
  });

  it('should answer 400 MISSING_ATTRIBUTE when a project is created with orgId null', async () => {
    await expectRefused(
      () =>
        call('POST', `${t.apiUrl}/groups`, {
          auth: seeded.boot.globalKey,
          body: { name: 'Production', orgId: null },
        }),
      400,
      'MISSING_ATTRIBUTE',
      ['orgId'],
    );
  });

  it('should answer 400 naming metricThreshold, not 500, when it is null on POST and PUT', async () => {
    const body = {
      eventTypeName: 'OUTSIDE_METRIC_THRESHOLD',
      enabled: true,
      metricThreshold: null,
      notifications: [{ typeName: 'GROUP', emailEnabled: true, delayMin: 0, intervalMin: 5 }],
    };
    const configs = `${t.apiUrl}/groups/${seeded.groupId}/alertConfigs`;
    await expectRefused(
      () => call('POST', configs, { auth: seeded.boot.globalKey, body }),
      400,
      'MISSING_METRIC_THRESHOLD',
    );
    const existing = seeded.ids.alertConfigId;
    await expectRefused(
      () => call('PUT', `${configs}/${existing}`, { auth: seeded.boot.globalKey, body }),
      400,
      'MISSING_METRIC_THRESHOLD',
    );
  });

  it('should treat null nested objects and arrays as absent on other routes too', async () => {
    await expectRefused(
      () =>
        call('POST', `${t.apiUrl}/groups/${seeded.groupId}/alertConfigs`, {
          auth: seeded.boot.globalKey,
          body: { eventTypeName: 'HOST_DOWN', enabled: true, notifications: null, matchers: null },
        }),
      400,
      'MISSING_NOTIFICATIONS',
    );
  });
});
