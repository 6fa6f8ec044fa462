import { TransactionHost } from '@nestjs-cls/transactional';
import { ClsService } from 'nestjs-cls';
import type { Client } from 'pg';
import type { DomainEvent } from '../../../src/platform/events/domain-event';
import { EventPublisher } from '../../../src/platform/events/event-publisher';
import { call } from '../../support/digest-client';
import {
  bootstrapFirstUser,
  createOrg,
  uniqueName,
  type BootstrapResult,
  type OrgView,
} from '../../support/factories/identity.fixture';
import { startTestApp, type TestApp } from '../../support/test-app';
import { connect, eventsOfType } from './event-rows';

// The recorder is a `domain.**` listener registered at application bootstrap: it is exercised through
// the real application, by API calls that publish and by publishing with EventPublisher directly.
let t: TestApp;
let db: Client;
let boot: BootstrapResult;
let org: OrgView;

beforeAll(async () => {
  t = await startTestApp();
  db = await connect(t.databaseUrl);
  boot = await bootstrapFirstUser(t);
  org = await createOrg(t, boot.globalKey);
});

afterAll(async () => {
  await db.end();
  await t.close();
});

function publishInTransaction(event: DomainEvent): Promise<void> {
  const txHost = t.app.get(TransactionHost);
  return t.app
    .get(ClsService)
    .run(() => txHost.withTransaction(() => t.app.get(EventPublisher).publish(event)));
}

describe('POST /orgs', () => {
  it('should record the calling key, its address and the request id when an API key creates an org', async () => {
    const response = await call('POST', `${t.apiUrl}/orgs`, {
      auth: boot.globalKey,
      body: { name: uniqueName('k') },
    });
    expect(response.status).toBe(200);
    const rows = (await eventsOfType(db, 'ORG_CREATED')).filter((row) => row.org_id === response.body.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      group_id: null,
      api_key_id: boot.globalKey.id,
      public_key: boot.globalKey.publicKey,
      user_id: null,
      username: null,
      remote_address: '127.0.0.1',
      is_global_admin: true,
      raw: { requestId: response.headers['x-request-id'], method: 'POST', path: '/api/public/v1.0/orgs' },
    });
  });

  it('should record the calling user instead of a key when a user creates an org', async () => {
    const response = await call('POST', `${t.apiUrl}/orgs`, {
      auth: boot.userCredentials,
      body: { name: uniqueName('u') },
    });
    expect(response.status).toBe(200);
    const [row] = (await eventsOfType(db, 'ORG_CREATED')).filter(
      (event) => event.org_id === response.body.id,
    );
    expect(row).toMatchObject({
      api_key_id: null,
      public_key: null,
      user_id: boot.user.id,
      username: boot.user.username,
      remote_address: '127.0.0.1',
      is_global_admin: true,
    });
  });
});

describe('GET /orgs/{orgId}/events', () => {
  const list = (query: string) =>
    call('GET', `${t.apiUrl}/orgs/${org.id}/events${query}`, { auth: boot.globalKey });

  it('should list an event published with an explicit actor with the product field names when it was committed', async () => {
    await publishInTransaction({
      eventTypeName: 'RECORDER_FIELDS',
      orgId: org.id,
      subject: {
        alertId: '65a50a2e9f1c2b3d4e5f6a70',
        targetPublicKey: 'abcdefgh',
        accessListEntry: '192.0.2.0/24',
        currentValue: { number: 50, units: 'RAW' },
      },
      diffs: [
        { id: 'k1', status: 'MODIFIED', type: 'API_KEY', params: [{ param: 'desc', old: 'a', new: 'b' }] },
      ],
      raw: { note: 'kept' },
      actor: {
        userId: '65a50a2e9f1c2b3d4e5f6a71',
        username: 'ops@example.com',
        remoteAddress: '198.51.100.4',
      },
      occurredAt: new Date('2024-01-15T10:30:00.123Z'),
    });
    const response = await list('?eventType=RECORDER_FIELDS&includeRaw=true');
    expect(response.status).toBe(200);
    expect(response.body.results).toHaveLength(1);
    const [event] = response.body.results;
    // Ids are time-ordered like ObjectIds: the first 8 hex digits are the creation second.
    expect(event.id).toMatch(/^65a50928[0-9a-f]{16}$/);
    expect(event).toEqual({
      id: event.id,
      eventTypeName: 'RECORDER_FIELDS',
      created: '2024-01-15T10:30:00Z',
      orgId: org.id,
      alertId: '65a50a2e9f1c2b3d4e5f6a70',
      userId: '65a50a2e9f1c2b3d4e5f6a71',
      username: 'ops@example.com',
      remoteAddress: '198.51.100.4',
      isGlobalAdmin: false,
      targetPublicKey: 'abcdefgh',
      accessListEntry: '192.0.2.0/24',
      currentValue: { number: 50, units: 'RAW' },
      diffs: [
        { id: 'k1', status: 'MODIFIED', type: 'API_KEY', params: [{ param: 'desc', old: 'a', new: 'b' }] },
      ],
      raw: { note: 'kept' },
      links: [{ href: `${t.apiUrl}/orgs/${org.id}/events/${event.id}`, rel: 'self' }],
    });
  });

  it('should list a system event without actor fields when it was published with actor null', async () => {
    await publishInTransaction({ eventTypeName: 'RECORDER_SYSTEM', orgId: org.id, actor: null });
    const response = await list('?eventType=RECORDER_SYSTEM');
    expect(response.body.results).toHaveLength(1);
    expect(Object.keys(response.body.results[0]).sort()).toEqual([
      'created',
      'eventTypeName',
      'id',
      'isGlobalAdmin',
      'links',
      'orgId',
    ]);
  });

  it('should never list an event when it was published outside a transaction', async () => {
    const publisher = t.app.get(EventPublisher);
    await expect(
      t.app.get(ClsService).run(() => publisher.publish({ eventTypeName: 'RECORDER_NO_TX', orgId: org.id })),
    ).rejects.toThrow(/outside a transaction/);
    await expect(publisher.publish({ eventTypeName: 'RECORDER_NO_TX', orgId: org.id })).rejects.toThrow(
      /outside a transaction/,
    );
    expect((await list('?eventType=RECORDER_NO_TX')).body.totalCount).toBe(0);
    expect(await eventsOfType(db, 'RECORDER_NO_TX')).toHaveLength(0);
  });
});

describe('GET /orgs/{orgId}/events/{eventId}', () => {
  it('should keep returning the recorded event unchanged when SQL tries to update, delete or truncate it', async () => {
    await publishInTransaction({ eventTypeName: 'RECORDER_IMMUTABLE', orgId: org.id });
    const [row] = await eventsOfType(db, 'RECORDER_IMMUTABLE');
    const url = `${t.apiUrl}/orgs/${org.id}/events/${row.id}`;
    const before = await call('GET', url, { auth: boot.globalKey });
    expect(before.status).toBe(200);
    await expect(
      db.query(`UPDATE events SET event_type_name = 'REWRITTEN' WHERE id = $1`, [row.id]),
    ).rejects.toThrow('events are append-only: UPDATE refused');
    await expect(db.query('DELETE FROM events WHERE id = $1', [row.id])).rejects.toThrow(
      'events are append-only: DELETE refused',
    );
    await expect(db.query('TRUNCATE events')).rejects.toThrow('events are append-only: TRUNCATE refused');
    const after = await call('GET', url, { auth: boot.globalKey });
    expect(after.status).toBe(200);
    expect(after.body).toEqual(before.body);
  });
});
