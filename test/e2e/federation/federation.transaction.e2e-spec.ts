import { installEventWriteFailure, whileEventWriteFails } from '../../support/event-write-failure';
import { Client } from 'pg';
import { call, type ApiResponse } from '../../support/digest-client';
import { startTestApp, type TestApp } from '../../support/test-app';
import {
  connectedOrgUrl,
  createFederation,
  createIdp,
  federationWorld,
  idpBody,
  roleMappingsUrl,
  type FederationWorld,
} from './federation.fixture';
import { expectApiError } from '../../support/api-error';

// "No change without its audit event": a failure injected into the event write leaves nothing behind.
describe('POST /orgs/{orgId}/federationSettings (transactions)', () => {
  let t: TestApp;
  let w: FederationWorld;
  let db: Client;

  beforeAll(async () => {
    t = await startTestApp();
    w = await federationWorld(t);
    db = new Client({ connectionString: t.databaseUrl });
    await db.connect();
    await installEventWriteFailure(db);
  });

  afterAll(async () => {
    await db.end();
    await t.close();
  });

  async function failing(eventTypeName: string, work: () => Promise<ApiResponse>): Promise<ApiResponse> {
    return whileEventWriteFails(db, eventTypeName, work);
  }

  const count = async (sql: string, params: unknown[] = []) =>
    (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM (${sql}) q`, params)).rows[0].n;

  it('should create no federation when its FEDERATION_SETTINGS_CREATED event cannot be written', async () => {
    const response = await failing('FEDERATION_SETTINGS_CREATED', () =>
      call('POST', `${t.apiUrl}/orgs/${w.orgA}/federationSettings`, { auth: w.ownerA }),
    );
    expect(response.status).toBe(500);
    expect(await count('SELECT id FROM federation_settings')).toBe(0);
    expect(await count('SELECT org_id FROM federation_connected_orgs')).toBe(0);
  });

  it('should keep the identity providers, configuration and role mappings unchanged when their events fail', async () => {
    const federationId = (await createFederation(t, w.ownerA, w.orgA)).id;
    const idp = await createIdp(t, w.ownerA, federationId);

    const created = await failing('IDENTITY_PROVIDER_CREATED', () =>
      call('POST', `${t.apiUrl}/federationSettings/${federationId}/identityProviders`, {
        auth: w.ownerA,
        body: idpBody(),
      }),
    );
    expect(created.status).toBe(500);
    expect(await count('SELECT id FROM federation_identity_providers')).toBe(1);

    const activated = await failing('IDENTITY_PROVIDER_ACTIVATED', () =>
      call('PATCH', `${t.apiUrl}/federationSettings/${federationId}/identityProviders/${idp.oktaIdpId}`, {
        auth: w.ownerA,
        body: { status: 'ACTIVE', displayName: 'renamed' },
      }),
    );
    expect(activated.status).toBe(500);
    expect(
      await count(
        `SELECT id FROM federation_identity_providers WHERE status = 'INACTIVE' AND display_name = 'Okta'`,
      ),
    ).toBe(1);

    const connected = await failing('ROLE_MAPPING_CREATED', () =>
      call('PATCH', connectedOrgUrl(t, federationId, w.orgA), {
        auth: w.ownerA,
        body: {
          domainRestrictionEnabled: true,
          identityProviderId: idp.oktaIdpId,
          orgId: w.orgA,
          roleMappings: [
            { externalGroupName: 'admins', roleAssignments: [{ orgId: w.orgA, role: 'ORG_OWNER' }] },
          ],
        },
      }),
    );
    expect(connected.status).toBe(500);
    expect(
      await count(
        'SELECT org_id FROM federation_connected_orgs WHERE identity_provider_id IS NULL AND NOT domain_restriction_enabled',
      ),
    ).toBe(1);
    expect(await count('SELECT id FROM federation_role_mappings')).toBe(0);

    const mapping = await failing('ROLE_MAPPING_CREATED', () =>
      call('POST', roleMappingsUrl(t, federationId, w.orgA), {
        auth: w.ownerA,
        body: { externalGroupName: 'admins', roleAssignments: [{ orgId: w.orgA, role: 'ORG_OWNER' }] },
      }),
    );
    expect(mapping.status).toBe(500);
    expect(await count('SELECT id FROM federation_role_mappings')).toBe(0);
  });

  it('should keep the federation when its FEDERATION_SETTINGS_DELETED event cannot be written', async () => {
    const response = await failing('FEDERATION_SETTINGS_DELETED', async () => {
      const [{ id }] = (await db.query<{ id: string }>('SELECT id FROM federation_settings')).rows;
      return call('DELETE', `${t.apiUrl}/federationSettings/${id}`, { auth: w.ownerA });
    });
    expectApiError(response, 500, 'UNEXPECTED_ERROR');
    expect(await count('SELECT id FROM federation_settings')).toBe(1);
    expect(await count('SELECT id FROM federation_identity_providers')).toBe(1);
  });
});
