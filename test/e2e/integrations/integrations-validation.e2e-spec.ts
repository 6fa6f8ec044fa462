import { call } from '../../support/digest-client';
import {
  bootstrapFirstUser,
  createOrg,
  createOrgApiKey,
  createProject,
} from '../../support/factories/identity.fixture';
import type { Credentials } from '../../support/digest-client';
import type { TestApp } from '../../support/test-app';
import {
  BODIES,
  REDACTED,
  TYPES,
  integrationsApi,
  invalidSettings,
  startIntegrationsApp,
  type IntegrationType,
} from './integrations.fixture';
import { apiErrorBody, expectApiError } from '../../support/api-error';

let t: TestApp;
let owner: Credentials;
let api: ReturnType<typeof integrationsApi>;

beforeAll(async () => {
  t = await startIntegrationsApp();
  const boot = await bootstrapFirstUser(t);
  const org = await createOrg(t, boot.globalKey);
  owner = await createOrgApiKey(t, boot.globalKey, org.id, ['ORG_OWNER']);
  api = integrationsApi(t, (await createProject(t, boot.globalKey, org.id)).id);
});

afterAll(async () => {
  await t.close();
});

function without(type: IntegrationType, field: string): Record<string, unknown> {
  const body = { ...BODIES[type] };
  delete body[field];
  return body;
}

function withField(type: IntegrationType, field: string, value: unknown): Record<string, unknown> {
  return { ...BODIES[type], [field]: value };
}

// Every refusal is checked on PUT and on POST, and must leave the project without that integration.
async function expectRefused(type: IntegrationType, body: unknown, expected: Record<string, unknown>) {
  for (const response of [await api.replace(owner, type, body), await api.create(owner, type, body)]) {
    expect(response.status).toBe(expected.error);
    expect(response.body).toEqual(expected);
  }
  expect((await api.get(owner, type)).status).toBe(404);
}

const REQUIRED: Array<[IntegrationType, string]> = [
  ['PAGER_DUTY', 'serviceKey'],
  ['SLACK', 'apiToken'],
  ['SLACK', 'teamName'],
  ['NEW_RELIC', 'licenseKey'],
  ['NEW_RELIC', 'accountId'],
  ['NEW_RELIC', 'writeToken'],
  ['NEW_RELIC', 'readToken'],
  ['OPS_GENIE', 'apiKey'],
  ['VICTOR_OPS', 'apiKey'],
  ['WEBHOOK', 'url'],
  ['MICROSOFT_TEAMS', 'microsoftTeamsWebhookUrl'],
  ['PROMETHEUS', 'username'],
  ['PROMETHEUS', 'password'],
  ['PROMETHEUS', 'listenAddress'],
  ['PROMETHEUS', 'serviceDiscovery'],
  ['PROMETHEUS', 'scheme'],
  ['PROMETHEUS', 'enabled'],
  ['DATADOG', 'apiKey'],
];

describe('PUT /groups/{groupId}/integrations/{integrationType} (type; POST alike)', () => {
  it.each(TYPES)('should refuse a %s body without type, naming type', async (type) => {
    await expectRefused(type, without(type, 'type'), invalidSettings(type, 'type is required'));
  });

  it('should refuse a body whose type differs from the path, naming type', async () => {
    await expectRefused(
      'SLACK',
      BODIES.PAGER_DUTY,
      invalidSettings('SLACK', 'type must be SLACK, the integration type of the path'),
    );
  });

  it('should refuse a body whose type is not a string', async () => {
    await expectRefused(
      'SLACK',
      withField('SLACK', 'type', 7),
      invalidSettings('SLACK', 'type must be SLACK, the integration type of the path'),
    );
  });

  it('should refuse a JSON array as the body with INVALID_JSON', async () => {
    const response = await api.replace(owner, 'SLACK', [BODIES.SLACK]);
    expectApiError(response, 400, 'INVALID_JSON');
  });

  it('should refuse a PUT without a body, naming type', async () => {
    const response = await call('PUT', `${api.base}/SLACK`, { auth: owner });
    expect(response.status).toBe(400);
    expect(response.body).toEqual(invalidSettings('SLACK', 'type is required'));
  });
});

describe('PUT /groups/{groupId}/integrations/{integrationType} (fields; POST alike)', () => {
  it.each(REQUIRED)('should refuse %s without %s, naming the field', async (type, field) => {
    await expectRefused(type, without(type, field), invalidSettings(type, `${field} is required`));
  });

  it.each(
    REQUIRED.filter(([, field]) => field !== 'enabled' && field !== 'serviceDiscovery' && field !== 'scheme'),
  )('should refuse %s with an empty %s', async (type, field) => {
    const response = await api.replace(owner, type, withField(type, field, ''));
    expectApiError(response, 400, 'INVALID_INTEGRATION_SETTINGS');
    expect(response.body.parameters[1]).toMatch(new RegExp(`^${field} `));
  });

  it.each(TYPES)('should refuse an unknown field in a %s body with INVALID_ATTRIBUTE', async (type) => {
    await expectRefused(
      type,
      withField(type, 'roomName', 'Ops room'),
      apiErrorBody(400, 'INVALID_ATTRIBUTE', {
        detail: 'Invalid attribute roomName specified.',
        parameters: ['roomName'],
      }),
    );
  });

  it('should refuse a field of another type with INVALID_ATTRIBUTE', async () => {
    await expectRefused(
      'PAGER_DUTY',
      withField('PAGER_DUTY', 'apiKey', 'x'),
      apiErrorBody(400, 'INVALID_ATTRIBUTE', {
        detail: 'Invalid attribute apiKey specified.',
        parameters: ['apiKey'],
      }),
    );
  });

  it('should refuse a secret that is not a string, naming the field', async () => {
    await expectRefused(
      'PAGER_DUTY',
      withField('PAGER_DUTY', 'serviceKey', 12345678),
      invalidSettings('PAGER_DUTY', 'serviceKey must be a string'),
    );
  });

  it('should refuse a secret longer than 1024 characters', async () => {
    await expectRefused(
      'PAGER_DUTY',
      withField('PAGER_DUTY', 'serviceKey', 'k'.repeat(1025)),
      invalidSettings('PAGER_DUTY', 'serviceKey must be shorter than or equal to 1024 characters'),
    );
  });

  it('should never echo a secret value in the error', async () => {
    const response = await api.replace(
      owner,
      'WEBHOOK',
      withField('WEBHOOK', 'url', 'ftp://user:hunter2@files.example.com/x'),
    );
    expect(response.status).toBe(400);
    expect(response.text).not.toContain('hunter2');
  });
});

describe('PUT /groups/{groupId}/integrations/{integrationType} (OPS_GENIE and DATADOG regions)', () => {
  it('should refuse an OPS_GENIE region other than US or EU', async () => {
    await expectRefused(
      'OPS_GENIE',
      withField('OPS_GENIE', 'region', 'AP'),
      invalidSettings('OPS_GENIE', 'region must be one of the following values: US, EU'),
    );
  });

  it('should default the OPS_GENIE region to US when it is left out', async () => {
    const response = await api.replace(owner, 'OPS_GENIE', without('OPS_GENIE', 'region'));
    expect(response.status).toBe(200);
    expect((await api.get(owner, 'OPS_GENIE')).body).toEqual({ ...REDACTED.OPS_GENIE, region: 'US' });
    await api.remove(owner, 'OPS_GENIE');
  });

  it('should accept every DATADOG region and refuse another', async () => {
    for (const region of ['US', 'EU', 'US3', 'US5', 'AP1']) {
      const response = await api.replace(owner, 'DATADOG', withField('DATADOG', 'region', region));
      expect(response.status).toBe(200);
      expect((await api.get(owner, 'DATADOG')).body.region).toBe(region);
    }
    await api.remove(owner, 'DATADOG');
    await expectRefused(
      'DATADOG',
      withField('DATADOG', 'region', 'US2'),
      invalidSettings('DATADOG', 'region must be one of the following values: US, EU, US3, US5, AP1'),
    );
  });
});

describe('PUT /groups/{groupId}/integrations/{integrationType} (URLs)', () => {
  it.each([
    ['WEBHOOK', 'url'],
    ['MICROSOFT_TEAMS', 'microsoftTeamsWebhookUrl'],
  ] as Array<[IntegrationType, string]>)(
    'should refuse a %s %s that is not an http or https URL',
    async (type, field) => {
      for (const value of [
        'not a url',
        'ftp://files.example.com/hook',
        'mailto:ops@example.com',
        '/relative/path',
      ]) {
        await expectRefused(
          type,
          withField(type, field, value),
          invalidSettings(type, `${field} must be an absolute http or https URL of at most 2048 characters`),
        );
      }
    },
  );

  it('should accept a plain http webhook URL on a local receiver', async () => {
    const response = await api.replace(owner, 'WEBHOOK', {
      type: 'WEBHOOK',
      url: 'http://127.0.0.1:9999/hook-receiver',
    });
    expect(response.status).toBe(200);
    expect((await api.get(owner, 'WEBHOOK')).body).toEqual({
      type: 'WEBHOOK',
      url: 'http://127.0.0.1:9999/******iver',
    });
    await api.remove(owner, 'WEBHOOK');
  });
});

describe('PUT /groups/{groupId}/integrations/PROMETHEUS', () => {
  it('should refuse a serviceDiscovery other than file or http', async () => {
    await expectRefused(
      'PROMETHEUS',
      withField('PROMETHEUS', 'serviceDiscovery', 'dns'),
      invalidSettings('PROMETHEUS', 'serviceDiscovery must be one of the following values: file, http'),
    );
  });

  it('should refuse a scheme other than http or https', async () => {
    await expectRefused(
      'PROMETHEUS',
      withField('PROMETHEUS', 'scheme', 'ftp'),
      invalidSettings('PROMETHEUS', 'scheme must be one of the following values: http, https'),
    );
  });

  it('should refuse scheme https without tlsPemPath', async () => {
    await expectRefused(
      'PROMETHEUS',
      without('PROMETHEUS', 'tlsPemPath'),
      invalidSettings('PROMETHEUS', 'tlsPemPath is required when scheme is https'),
    );
    await expectRefused(
      'PROMETHEUS',
      withField('PROMETHEUS', 'tlsPemPath', ''),
      invalidSettings('PROMETHEUS', 'tlsPemPath is required when scheme is https'),
    );
  });

  it('should refuse a tlsPemPath that is not absolute', async () => {
    for (const value of ['certs/prometheus.pem', './prometheus.pem', '~/prometheus.pem']) {
      await expectRefused(
        'PROMETHEUS',
        withField('PROMETHEUS', 'tlsPemPath', value),
        invalidSettings('PROMETHEUS', 'tlsPemPath must be an absolute path'),
      );
    }
  });

  it('should accept a Windows absolute tlsPemPath', async () => {
    const response = await api.replace(
      owner,
      'PROMETHEUS',
      withField('PROMETHEUS', 'tlsPemPath', 'C:\\certs\\prom.pem'),
    );
    expect(response.status).toBe(200);
    expect((await api.get(owner, 'PROMETHEUS')).body.tlsPemPath).toBe('C:\\certs\\prom.pem');
    await api.remove(owner, 'PROMETHEUS');
  });

  it('should refuse a listenAddress that is not host:port', async () => {
    for (const value of [
      '0.0.0.0',
      '0.0.0.0:0',
      '0.0.0.0:65536',
      ':9216',
      'host name:9216',
      '[zz::1]:9216',
    ]) {
      await expectRefused(
        'PROMETHEUS',
        withField('PROMETHEUS', 'listenAddress', value),
        invalidSettings('PROMETHEUS', 'listenAddress must be host:port with a port from 1 to 65535'),
      );
    }
  });

  it('should accept host names and bracketed IPv6 addresses as listenAddress', async () => {
    for (const value of ['metrics.example.com:9216', '[::]:9216', '127.0.0.1:65535']) {
      const response = await api.replace(
        owner,
        'PROMETHEUS',
        withField('PROMETHEUS', 'listenAddress', value),
      );
      expect(response.status).toBe(200);
    }
    await api.remove(owner, 'PROMETHEUS');
  });

  it('should refuse enabled when it is not a boolean', async () => {
    await expectRefused(
      'PROMETHEUS',
      withField('PROMETHEUS', 'enabled', 'true'),
      invalidSettings('PROMETHEUS', 'enabled must be a boolean value'),
    );
  });

  it('should accept scheme http without TLS settings', async () => {
    const body: Record<string, unknown> = { ...without('PROMETHEUS', 'tlsPemPath'), scheme: 'http' };
    delete body.tlsPemPassword;
    const response = await api.replace(owner, 'PROMETHEUS', body);
    expect(response.status).toBe(200);
    const stored = (await api.get(owner, 'PROMETHEUS')).body;
    expect(stored).not.toHaveProperty('tlsPemPath');
    expect(stored).not.toHaveProperty('tlsPemPassword');
    await api.remove(owner, 'PROMETHEUS');
  });
});

describe('PUT /groups/{groupId}/integrations/{integrationType} (optional settings)', () => {
  it('should answer SLACK channelName as an empty string when it is unset or sent empty', async () => {
    for (const body of [without('SLACK', 'channelName'), withField('SLACK', 'channelName', '')]) {
      expect((await api.replace(owner, 'SLACK', body)).status).toBe(200);
      expect((await api.get(owner, 'SLACK')).body).toEqual({ ...REDACTED.SLACK, channelName: '' });
    }
    await api.remove(owner, 'SLACK');
  });

  it('should leave out VICTOR_OPS routingKey and WEBHOOK secret when they are not configured', async () => {
    await api.replace(owner, 'VICTOR_OPS', without('VICTOR_OPS', 'routingKey'));
    await api.replace(owner, 'WEBHOOK', withField('WEBHOOK', 'secret', ''));
    expect((await api.get(owner, 'VICTOR_OPS')).body).toEqual({ apiKey: '******4321', type: 'VICTOR_OPS' });
    expect((await api.get(owner, 'WEBHOOK')).body).toEqual({ type: 'WEBHOOK', url: REDACTED.WEBHOOK.url });
    await api.remove(owner, 'VICTOR_OPS');
    await api.remove(owner, 'WEBHOOK');
  });
});
