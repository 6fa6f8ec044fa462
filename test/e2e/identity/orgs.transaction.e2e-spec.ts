import { EventEmitter2 } from '@nestjs/event-emitter';
import { call } from '../../support/digest-client';
import {
  bootstrapFirstUser,
  createOrg,
  createOrgApiKey,
  type BootstrapResult,
} from '../../support/factories/identity.fixture';
import { startTestApp, type TestApp } from '../../support/test-app';
import { auditEvents, countRows } from './audit-events';
import { expectApiError } from '../../support/api-error';

// A listener that fails inside the publishing transaction must undo the change it reports.
describe('POST /orgs and DELETE /orgs/{orgId}/apiKeys/{apiKeyId} when an event listener fails', () => {
  let t: TestApp;
  let boot: BootstrapResult;
  let emitter: EventEmitter2;
  const fail = (): never => {
    throw new Error('injected listener failure');
  };

  beforeAll(async () => {
    t = await startTestApp();
    boot = await bootstrapFirstUser(t);
    emitter = t.app.get(EventEmitter2);
  });

  afterAll(async () => {
    await t.close();
  });

  it('should create no organization and no event when the ORG_CREATED listener fails', async () => {
    emitter.on('domain.ORG_CREATED', fail);
    try {
      const response = await call('POST', `${t.apiUrl}/orgs`, {
        auth: boot.globalKey,
        body: { name: 'Doomed' },
      });

      expectApiError(response, 500, 'UNEXPECTED_ERROR');
    } finally {
      emitter.off('domain.ORG_CREATED', fail);
    }
    expect(await countRows(t, `SELECT 1 FROM organizations WHERE name = 'Doomed'`)).toBe(0);
    expect(await auditEvents(t, 'ORG_CREATED')).toHaveLength(0);
  });

  it('should keep the key usable and record no deletion when the ORG_API_KEY_DELETED listener fails', async () => {
    const org = await createOrg(t, boot.globalKey);
    const key = await createOrgApiKey(t, boot.globalKey, org.id, ['ORG_MEMBER']);
    emitter.on('domain.ORG_API_KEY_DELETED', fail);
    try {
      const response = await call('DELETE', `${t.apiUrl}/orgs/${org.id}/apiKeys/${key.id}`, {
        auth: boot.globalKey,
      });

      expect(response.status).toBe(500);
    } finally {
      emitter.off('domain.ORG_API_KEY_DELETED', fail);
    }
    expect((await call('GET', `${t.apiUrl}/orgs/${org.id}`, { auth: key })).status).toBe(200);
    expect(await auditEvents(t, 'ORG_API_KEY_DELETED')).toHaveLength(0);
  });
});
