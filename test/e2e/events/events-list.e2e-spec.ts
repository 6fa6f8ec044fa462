import { call } from '../../support/digest-client';
import { startTestApp, type TestApp } from '../../support/test-app';
import { createProject } from '../../support/factories/identity.fixture';
import { insertEvents } from './event-rows';
import { buildEventsWorld, idsOf, SEED_KEY, SEED_USER, type EventsWorld } from './events.fixture';
import { expectApiError } from '../../support/api-error';

const TEST_TYPES = 'eventType=TEST_ALPHA&eventType=TEST_BETA&eventType=TEST_GAMMA&eventType=TEST_TIE';

function linksByRel(body: { links: Array<{ rel: string; href: string }> }): Record<string, URL> {
  return Object.fromEntries(body.links.map((link) => [link.rel, new URL(link.href)]));
}

let t: TestApp;
let w: EventsWorld;
let ties: string[];

beforeAll(async () => {
  t = await startTestApp();
  w = await buildEventsWorld(t);
  ties = [w.p1.tie1, w.p1.tie2].sort().reverse();
});

afterAll(async () => {
  await w.db.end();
  await t.close();
});

describe('GET /groups/{groupId}/events', () => {
  const list = (query: string, auth = w.boot.globalKey) =>
    call('GET', `${t.apiUrl}/groups/${w.project1.id}/events${query}`, { auth });

  it('should return the project events newest first with an exact totalCount when no filter is given', async () => {
    const response = await list('');
    expect(response.status).toBe(200);
    const { rows } = await w.db.query<{ count: number }>(
      'SELECT count(*)::int AS count FROM events WHERE group_id = $1',
      [w.project1.id],
    );
    expect(response.body.totalCount).toBe(rows[0].count);
    const created = (response.body.results as Array<{ created: string }>).map((event) => event.created);
    expect([...created].sort().reverse()).toEqual(created);
    const ids = idsOf(response.body);
    expect(ids.slice(-7)).toEqual([...ties, w.p1.e5, w.p1.e4, w.p1.e3, w.p1.e2, w.p1.e1]);
    expect(ids).not.toContain(w.p2Alpha);
    expect(ids).not.toContain(w.orgAEvents[0]);
  });

  it('should order events created in the same millisecond by id, descending', async () => {
    const response = await list('?eventType=TEST_TIE');
    expect(idsOf(response.body)).toEqual(ties);
  });

  it('should return only the given types when eventType is repeated', async () => {
    const response = await list('?eventType=TEST_ALPHA&eventType=TEST_BETA');
    expect(response.status).toBe(200);
    expect(idsOf(response.body)).toEqual([w.p1.e5, w.p1.e3, w.p1.e2, w.p1.e1]);
    expect(response.body.totalCount).toBe(4);
  });

  it('should return only that type when eventType is given once', async () => {
    const response = await list('?eventType=TEST_GAMMA');
    expect(idsOf(response.body)).toEqual([w.p1.e4]);
    expect(response.body.totalCount).toBe(1);
  });

  it('should return the event of the project creation when eventType=GROUP_CREATED', async () => {
    const response = await list('?eventType=GROUP_CREATED');
    expect(response.body.totalCount).toBe(1);
    expect(response.body.results[0]).toMatchObject({
      eventTypeName: 'GROUP_CREATED',
      groupId: w.project1.id,
      apiKeyId: w.boot.globalKey.id,
      publicKey: w.boot.globalKey.publicKey,
    });
  });

  it('should keep events created between minDate and maxDate inclusive when both are given', async () => {
    const response = await list(`?${TEST_TYPES}&minDate=2024-01-10T10:00:01Z&maxDate=2024-01-11T00:00:00Z`);
    expect(idsOf(response.body)).toEqual([w.p1.e4, w.p1.e3, w.p1.e2]);
    expect(response.body.totalCount).toBe(3);
  });

  it('should include the event whose printed created is maxDate when it has milliseconds', async () => {
    const response = await list(`?${TEST_TYPES}&maxDate=2024-01-10T10:00:01Z`);
    expect(idsOf(response.body)).toEqual([w.p1.e2, w.p1.e1]);
    expect(response.body.results[0].created).toBe('2024-01-10T10:00:01Z');
  });

  it('should read a date without time as the whole day and a time without zone as UTC', async () => {
    const day = await list(`?${TEST_TYPES}&minDate=2024-01-10&maxDate=2024-01-10`);
    expect(idsOf(day.body)).toEqual([w.p1.e3, w.p1.e2, w.p1.e1]);
    const offset = await list(`?${TEST_TYPES}&minDate=${encodeURIComponent('2024-01-12T01:00:00+01:00')}`);
    expect(idsOf(offset.body)).toEqual([...ties, w.p1.e5]);
  });

  it.each([
    ['minDate', 'minDate=yesterday'],
    ['maxDate', 'maxDate=2024-02-30T00:00:00Z'],
    ['includeRaw', 'includeRaw=maybe'],
    ['eventType', 'eventType=group_created'],
  ])('should refuse %s with 400 INVALID_QUERY_PARAMETER when its value is invalid', async (name, query) => {
    const response = await list(`?${query}`);
    expectApiError(response, 400, 'INVALID_QUERY_PARAMETER');
    expect(response.body.parameters[0]).toBe(name);
    expect(response.body.detail).toContain(name);
  });

  it('should omit raw unless includeRaw=true and return it when it is', async () => {
    const without = await list('?eventType=TEST_ALPHA');
    expect(without.body.results.every((event: object) => !('raw' in event))).toBe(true);
    const withRaw = await list('?eventType=TEST_ALPHA&includeRaw=true');
    const e3 = withRaw.body.results.find((event: { id: string }) => event.id === w.p1.e3);
    expect(e3.raw).toEqual({ requestId: 'seed-request' });
    expect(withRaw.body.results.every((event: object) => 'raw' in event)).toBe(true);
  });

  it('should return the product field names with no nulls and the key actor only when an API key acted', async () => {
    const response = await list('?eventType=TEST_ALPHA');
    const e3 = response.body.results.find((event: { id: string }) => event.id === w.p1.e3);
    expect(e3).toEqual({
      id: w.p1.e3,
      eventTypeName: 'TEST_ALPHA',
      created: '2024-01-10T10:00:02Z',
      groupId: w.project1.id,
      orgId: w.orgA.id,
      apiKeyId: SEED_KEY.apiKeyId,
      publicKey: SEED_KEY.publicKey,
      remoteAddress: '198.51.100.4',
      isGlobalAdmin: false,
      targetUsername: 'jane.doe@example.com',
      port: 27017,
      diffs: [
        {
          id: '65a50a2e9f1c2b3d4e5f6a02',
          status: 'MODIFIED',
          type: 'USERS',
          params: [{ param: 'role', old: 'A', new: 'B' }],
        },
      ],
      links: [{ href: `${t.apiUrl}/groups/${w.project1.id}/events/${w.p1.e3}`, rel: 'self' }],
    });
    const e1 = response.body.results.find((event: { id: string }) => event.id === w.p1.e1);
    expect(Object.keys(e1).sort()).toEqual([
      'created',
      'eventTypeName',
      'groupId',
      'id',
      'isGlobalAdmin',
      'links',
      'orgId',
    ]);
  });

  it('should write every kind of event byte for byte in the product field order when a page is listed', async () => {
    const project = await createProject(t, w.boot.globalKey, w.orgA.id);
    const inProject = { groupId: project.id, orgId: w.orgA.id };
    const alert = { alertId: '65a50a2e9f1c2b3d4e5f6a10', alertConfigId: '65a50a2e9f1c2b3d4e5f6a11' };
    const [bare, byKey, byUser, ofAlert, ofWindow] = await insertEvents(w.db, [
      { ...inProject, eventTypeName: 'KIND_BARE', created: new Date('2024-02-01T00:00:00.000Z') },
      {
        ...inProject,
        ...SEED_KEY,
        eventTypeName: 'KIND_KEY',
        created: new Date('2024-02-01T00:00:01.250Z'),
        remoteAddress: '198.51.100.7',
        subject: { targetPublicKey: 'target01', accessListEntry: '192.0.2.0/24', teamId: SEED_USER.userId },
        diffs: [
          { id: SEED_KEY.apiKeyId, status: 'ADDED', type: 'API_KEY', params: [{ param: 'desc', new: 'x' }] },
        ],
        raw: { requestId: 'kind-key', method: 'POST' },
      },
      {
        ...inProject,
        ...SEED_USER,
        eventTypeName: 'KIND_USER',
        created: new Date('2024-02-01T00:00:02.999Z'),
        isGlobalAdmin: true,
        subject: { targetUsername: 'jane.doe@example.com', invoiceId: '65a50a2e9f1c2b3d4e5f6a12' },
      },
      {
        ...inProject,
        ...alert,
        eventTypeName: 'KIND_ALERT',
        created: new Date('2024-02-01T00:00:03.000Z'),
        subject: {
          clusterId: '65a50a2e9f1c2b3d4e5f6a13',
          clusterName: 'Cluster0',
          hostId: '2c4b7d9e0f1a2b3c4d5e6f70',
          hostname: 'db0.example.com',
          port: 27017,
          replicaSetName: 'rs0',
          shardName: 'sh0',
          metricName: 'OPCOUNTER_CMD',
          currentValue: { number: 51.5, units: 'RAW' },
        },
      },
      {
        ...inProject,
        eventTypeName: 'KIND_WINDOW',
        created: new Date('2024-02-01T00:00:04.000Z'),
        maintenanceWindowId: '65a50a2e9f1c2b3d4e5f6a14',
        subject: {
          collection: 'orders',
          database: 'shop',
          opType: 'find',
          paymentId: '65a50a2e9f1c2b3d4e5f6a15',
        },
      },
    ]);
    const base = `${t.apiUrl}/groups/${project.id}`;
    const self = (id: string) => [{ href: `${base}/events/${id}`, rel: 'self' }];
    const kinds =
      'eventType=KIND_BARE&eventType=KIND_KEY&eventType=KIND_USER&eventType=KIND_ALERT&eventType=KIND_WINDOW';
    // Insertion order is the order of the answer's keys, so the text below fixes field order too; objects
    // stored as jsonb come back in jsonb's key order (shorter keys first).
    const results = [
      {
        id: ofWindow,
        eventTypeName: 'KIND_WINDOW',
        created: '2024-02-01T00:00:04Z',
        isGlobalAdmin: false,
        links: self(ofWindow),
        groupId: project.id,
        orgId: w.orgA.id,
        maintenanceWindowId: '65a50a2e9f1c2b3d4e5f6a14',
        collection: 'orders',
        database: 'shop',
        opType: 'find',
        paymentId: '65a50a2e9f1c2b3d4e5f6a15',
      },
      {
        id: ofAlert,
        eventTypeName: 'KIND_ALERT',
        created: '2024-02-01T00:00:03Z',
        isGlobalAdmin: false,
        links: self(ofAlert),
        groupId: project.id,
        orgId: w.orgA.id,
        ...alert,
        clusterId: '65a50a2e9f1c2b3d4e5f6a13',
        clusterName: 'Cluster0',
        hostId: '2c4b7d9e0f1a2b3c4d5e6f70',
        hostname: 'db0.example.com',
        port: 27017,
        replicaSetName: 'rs0',
        shardName: 'sh0',
        metricName: 'OPCOUNTER_CMD',
        currentValue: { units: 'RAW', number: 51.5 },
      },
      {
        id: byUser,
        eventTypeName: 'KIND_USER',
        created: '2024-02-01T00:00:02Z',
        isGlobalAdmin: true,
        links: self(byUser),
        groupId: project.id,
        orgId: w.orgA.id,
        ...SEED_USER,
        targetUsername: 'jane.doe@example.com',
        invoiceId: '65a50a2e9f1c2b3d4e5f6a12',
      },
      {
        id: byKey,
        eventTypeName: 'KIND_KEY',
        created: '2024-02-01T00:00:01Z',
        isGlobalAdmin: false,
        links: self(byKey),
        groupId: project.id,
        orgId: w.orgA.id,
        ...SEED_KEY,
        remoteAddress: '198.51.100.7',
        targetPublicKey: 'target01',
        accessListEntry: '192.0.2.0/24',
        teamId: SEED_USER.userId,
        diffs: [
          { id: SEED_KEY.apiKeyId, type: 'API_KEY', params: [{ new: 'x', param: 'desc' }], status: 'ADDED' },
        ],
      },
      {
        id: bare,
        eventTypeName: 'KIND_BARE',
        created: '2024-02-01T00:00:00Z',
        isGlobalAdmin: false,
        links: self(bare),
        groupId: project.id,
        orgId: w.orgA.id,
      },
    ];
    const pageLink = (query: string) => [{ href: `${base}/events?${query}`, rel: 'self' }];
    const response = await call('GET', `${base}/events?${kinds}`, { auth: w.boot.globalKey });
    expect(response.status).toBe(200);
    expect(response.text).toBe(
      JSON.stringify({ links: pageLink(`${kinds}&pageNum=1&itemsPerPage=100`), results, totalCount: 5 }),
    );
    // includeRaw adds raw last, {} when none was stored; the page after the first goes through the
    // deferred join, which must answer the same bytes.
    const raws = [{}, {}, {}, { method: 'POST', requestId: 'kind-key' }, {}];
    const withRaw = await call('GET', `${base}/events?${kinds}&includeRaw=true&itemsPerPage=2&pageNum=2`, {
      auth: w.boot.globalKey,
    });
    expect(withRaw.text).toBe(
      JSON.stringify({
        links: [
          ...pageLink(`${kinds}&includeRaw=true&pageNum=2&itemsPerPage=2`),
          ...pageLink(`${kinds}&includeRaw=true&pageNum=1&itemsPerPage=2`).map((l) => ({
            ...l,
            rel: 'previous',
          })),
          ...pageLink(`${kinds}&includeRaw=true&pageNum=3&itemsPerPage=2`).map((l) => ({
            ...l,
            rel: 'next',
          })),
        ],
        results: results.slice(2, 4).map((event, i) => ({ ...event, raw: raws[i + 2] })),
        totalCount: 5,
      }),
    );
  });

  it('should return the user actor without apiKeyId or publicKey when a user acted', async () => {
    const response = await list('?eventType=TEST_BETA');
    expect(response.body.results[0]).toMatchObject({
      id: w.p1.e5,
      userId: '65a50a2e9f1c2b3d4e5f6a02',
      username: 'auditor@example.com',
      isGlobalAdmin: true,
    });
    expect(response.body.results[0]).not.toHaveProperty('apiKeyId');
    expect(response.body.results[0]).not.toHaveProperty('publicKey');
  });

  it('should page with next and previous links carrying every query parameter when a middle page is read', async () => {
    const response = await list(`?${TEST_TYPES}&itemsPerPage=2&pageNum=2`);
    expect(response.status).toBe(200);
    expect(idsOf(response.body)).toEqual([w.p1.e5, w.p1.e4]);
    expect(response.body.totalCount).toBe(7);
    const links = linksByRel(response.body);
    expect(Object.keys(links).sort()).toEqual(['next', 'previous', 'self']);
    expect(links.self.origin + links.self.pathname).toBe(`${t.apiUrl}/groups/${w.project1.id}/events`);
    expect(links.self.searchParams.get('pageNum')).toBe('2');
    expect(links.self.searchParams.get('itemsPerPage')).toBe('2');
    expect(links.self.searchParams.getAll('eventType')).toEqual([
      'TEST_ALPHA',
      'TEST_BETA',
      'TEST_GAMMA',
      'TEST_TIE',
    ]);
    expect(links.next.searchParams.get('pageNum')).toBe('3');
    expect(links.previous.searchParams.get('pageNum')).toBe('1');
    const next = await call('GET', links.next.toString(), { auth: w.boot.globalKey });
    expect(idsOf(next.body)).toEqual([w.p1.e3, w.p1.e2]);
    const last = await list(`?${TEST_TYPES}&itemsPerPage=2&pageNum=4`);
    expect(idsOf(last.body)).toEqual([w.p1.e1]);
    expect(Object.keys(linksByRel(last.body)).sort()).toEqual(['previous', 'self']);
  });

  it('should still give totalCount and a previous link when a page past the last one is read', async () => {
    const response = await list(`?${TEST_TYPES}&itemsPerPage=2&pageNum=5`);
    expect(response.status).toBe(200);
    expect(response.body.results).toEqual([]);
    expect(response.body.totalCount).toBe(7);
    expect(Object.keys(linksByRel(response.body)).sort()).toEqual(['previous', 'self']);
  });

  it('should omit totalCount and still link the next page when includeCount=false', async () => {
    const response = await list(`?${TEST_TYPES}&itemsPerPage=3&includeCount=false`);
    expect(response.body).not.toHaveProperty('totalCount');
    expect(idsOf(response.body)).toEqual([...ties, w.p1.e5]);
    expect(Object.keys(linksByRel(response.body)).sort()).toEqual(['next', 'self']);
    const last = await list(`?${TEST_TYPES}&itemsPerPage=4&pageNum=2&includeCount=false`);
    expect(idsOf(last.body)).toEqual([w.p1.e3, w.p1.e2, w.p1.e1]);
    expect(Object.keys(linksByRel(last.body)).sort()).toEqual(['previous', 'self']);
  });

  it('should accept itemsPerPage=500 and refuse 501 and pageNum=0 naming the parameter', async () => {
    expect((await list('?itemsPerPage=500')).status).toBe(200);
    const tooMany = await list('?itemsPerPage=501');
    expectApiError(tooMany, 400, 'INVALID_QUERY_PARAMETER');
    expect(tooMany.body.parameters[0]).toBe('itemsPerPage');
    const zero = await list('?pageNum=0');
    expectApiError(zero, 400, 'INVALID_QUERY_PARAMETER');
    expect(zero.body.parameters[0]).toBe('pageNum');
  });

  it('should show another project of the same organization only its own events', async () => {
    const response = await call('GET', `${t.apiUrl}/groups/${w.project2.id}/events?eventType=TEST_ALPHA`, {
      auth: w.boot.globalKey,
    });
    expect(idsOf(response.body)).toEqual([w.p2Alpha]);
  });

  it('should allow an ORG_READ_ONLY key of the owning organization', async () => {
    const response = await list('?eventType=TEST_GAMMA', w.orgAReadOnly);
    expect(response.status).toBe(200);
    expect(idsOf(response.body)).toEqual([w.p1.e4]);
  });

  it('should refuse with 401 NOT_IN_GROUP when the key has no standing in the project', async () => {
    for (const auth of [w.orgAMember, w.orgBOwner]) {
      const response = await list('', auth);
      expectApiError(response, 401, 'NOT_IN_GROUP');
    }
  });
});

describe('GET /orgs/{orgId}/events', () => {
  const list = (query: string, auth = w.boot.globalKey, orgId = w.orgA.id) =>
    call('GET', `${t.apiUrl}/orgs/${orgId}/events${query}`, { auth });

  it('should return only organization-level events of that organization newest first', async () => {
    const response = await list('');
    expect(response.status).toBe(200);
    const ids = idsOf(response.body);
    expect(ids).toContain(w.orgAEvents[0]);
    expect(ids).not.toContain(w.orgBEvent);
    expect(ids).not.toContain(w.p1.e1);
    expect(response.body.results.every((event: object) => !('groupId' in event))).toBe(true);
    const { rows } = await w.db.query<{ count: number }>(
      'SELECT count(*)::int AS count FROM events WHERE org_id = $1 AND group_id IS NULL',
      [w.orgA.id],
    );
    expect(response.body.totalCount).toBe(rows[0].count);
    const created = (response.body.results as Array<{ created: string }>).map((event) => event.created);
    expect([...created].sort().reverse()).toEqual(created);
  });

  it('should filter by eventType, dates and show the links of each event under the organization', async () => {
    const response = await list('?eventType=ORG_TEST_X&maxDate=2024-02-01');
    expect(idsOf(response.body)).toEqual([w.orgAEvents[0]]);
    expect(response.body.results[0].links).toEqual([
      { href: `${t.apiUrl}/orgs/${w.orgA.id}/events/${w.orgAEvents[0]}`, rel: 'self' },
    ]);
    const both = await list('?eventType=ORG_TEST_X&eventType=ORG_CREATED&minDate=2024-02-01T00:00:00Z');
    expect(idsOf(both.body).slice(-2)).toEqual([w.orgAEvents[1], w.orgAEvents[0]]);
    expect(both.body.results.map((event: { eventTypeName: string }) => event.eventTypeName)).toContain(
      'ORG_CREATED',
    );
  });

  it('should record ORG_CREATED with the creating key when the organization was created', async () => {
    const response = await list('?eventType=ORG_CREATED&includeRaw=true');
    expect(response.body.totalCount).toBe(1);
    expect(response.body.results[0]).toMatchObject({
      eventTypeName: 'ORG_CREATED',
      orgId: w.orgA.id,
      apiKeyId: w.boot.globalKey.id,
      publicKey: w.boot.globalKey.publicKey,
      remoteAddress: '127.0.0.1',
      isGlobalAdmin: true,
      raw: { method: 'POST', path: '/api/public/v1.0/orgs' },
    });
    expect(response.body.results[0]).not.toHaveProperty('userId');
  });

  it('should page with links when itemsPerPage is smaller than the list', async () => {
    const response = await list('?eventType=ORG_TEST_X&itemsPerPage=1');
    expect(idsOf(response.body)).toEqual([w.orgAEvents[1]]);
    expect(response.body.totalCount).toBe(2);
    expect(Object.keys(linksByRel(response.body)).sort()).toEqual(['next', 'self']);
    expect(linksByRel(response.body).self.searchParams.get('eventType')).toBe('ORG_TEST_X');
    expect((await list('?itemsPerPage=501')).body.parameters[0]).toBe('itemsPerPage');
    expect((await list('?pageNum=0')).status).toBe(400);
  });

  it('should allow an ORG_MEMBER key of the organization', async () => {
    const response = await list('?eventType=ORG_TEST_X', w.orgAMember);
    expect(response.status).toBe(200);
    expect(idsOf(response.body)).toEqual([w.orgAEvents[1], w.orgAEvents[0]]);
  });

  it('should refuse with 401 USER_UNAUTHORIZED when the key belongs to another organization', async () => {
    const response = await list('', w.orgBOwner);
    expectApiError(response, 401, 'USER_UNAUTHORIZED');
    const other = await list('?eventType=ORG_TEST_X', w.orgBOwner, w.orgB.id);
    expect(idsOf(other.body)).toEqual([w.orgBEvent]);
  });
});
