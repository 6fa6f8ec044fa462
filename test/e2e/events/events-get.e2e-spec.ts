import { call } from '../../support/digest-client';
import { startTestApp, type TestApp } from '../../support/test-app';
import { buildEventsWorld, SEED_KEY, SEED_USER, type EventsWorld } from './events.fixture';
import { expectApiError } from '../../support/api-error';

const UNKNOWN_ID = '65a50a2e9f1c2b3d4e5f6aff';

let t: TestApp;
let w: EventsWorld;

beforeAll(async () => {
  t = await startTestApp();
  w = await buildEventsWorld(t);
});

afterAll(async () => {
  await w.db.end();
  await t.close();
});

describe('GET /groups/{groupId}/events/{eventId}', () => {
  const get = (groupId: string, eventId: string, query = '', auth = w.boot.globalKey) =>
    call('GET', `${t.apiUrl}/groups/${groupId}/events/${eventId}${query}`, { auth });

  it('should return the event with the product fields and no raw when includeRaw is not given', async () => {
    const response = await get(w.project1.id, w.p1.e3);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
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
          id: SEED_USER.userId,
          status: 'MODIFIED',
          type: 'USERS',
          params: [{ param: 'role', old: 'A', new: 'B' }],
        },
      ],
      links: [{ href: `${t.apiUrl}/groups/${w.project1.id}/events/${w.p1.e3}`, rel: 'self' }],
    });
  });

  it('should add raw when includeRaw=true', async () => {
    const response = await get(w.project1.id, w.p1.e3, '?includeRaw=true');
    expect(response.body.raw).toEqual({ requestId: 'seed-request' });
  });

  it('should wrap the event when envelope=true', async () => {
    const response = await get(w.project1.id, w.p1.e1, '?envelope=true');
    expect(response.status).toBe(200);
    expect(response.body.status).toBe(200);
    expect(response.body.content.id).toBe(w.p1.e1);
  });

  it.each([
    ['an unknown id', UNKNOWN_ID],
    ['a malformed id', 'not-an-event'],
  ])('should answer 404 EVENT_NOT_FOUND when the path holds %s', async (_what, eventId) => {
    const response = await get(w.project1.id, eventId);
    expectApiError(response, 404, 'EVENT_NOT_FOUND', {
      parameters: [eventId, w.project1.id],
      detail: `No event with ID ${eventId} exists in group ${w.project1.id}.`,
    });
  });

  it('should answer 404 EVENT_NOT_FOUND when the event belongs to another project or to the organization', async () => {
    for (const eventId of [w.p2Alpha, w.orgAEvents[0]]) {
      const response = await get(w.project1.id, eventId);
      expectApiError(response, 404, 'EVENT_NOT_FOUND');
    }
  });

  it('should refuse with 401 NOT_IN_GROUP when the key has no standing in the project', async () => {
    const response = await get(w.project1.id, w.p1.e1, '', w.orgBOwner);
    expectApiError(response, 401, 'NOT_IN_GROUP');
  });

  it('should refuse includeRaw with 400 INVALID_QUERY_PARAMETER when it is not a boolean', async () => {
    const response = await get(w.project1.id, w.p1.e1, '?includeRaw=yes');
    expectApiError(response, 400, 'INVALID_QUERY_PARAMETER');
    expect(response.body.parameters[0]).toBe('includeRaw');
  });
});

describe('GET /orgs/{orgId}/events/{eventId}', () => {
  const get = (orgId: string, eventId: string, query = '', auth = w.boot.globalKey) =>
    call('GET', `${t.apiUrl}/orgs/${orgId}/events/${eventId}${query}`, { auth });

  it('should return the organization event with the user actor when an ORG_MEMBER asks', async () => {
    const response = await get(w.orgA.id, w.orgAEvents[1], '', w.orgAMember);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      id: w.orgAEvents[1],
      eventTypeName: 'ORG_TEST_X',
      created: '2024-02-02T00:00:00Z',
      orgId: w.orgA.id,
      userId: SEED_USER.userId,
      username: SEED_USER.username,
      isGlobalAdmin: false,
      links: [{ href: `${t.apiUrl}/orgs/${w.orgA.id}/events/${w.orgAEvents[1]}`, rel: 'self' }],
    });
  });

  it('should return an empty raw when includeRaw=true and the event carries none', async () => {
    const response = await get(w.orgA.id, w.orgAEvents[0], '?includeRaw=true');
    expect(response.body.raw).toEqual({});
  });

  it('should answer 404 ORG_EVENT_NOT_FOUND when the event is a project event, another org event or unknown', async () => {
    for (const eventId of [w.p1.e1, w.orgBEvent, UNKNOWN_ID]) {
      const response = await get(w.orgA.id, eventId);
      expectApiError(response, 404, 'ORG_EVENT_NOT_FOUND', {
        detail: `No event with ID ${eventId} exists in organization ${w.orgA.id}.`,
      });
    }
  });

  it('should refuse with 401 USER_UNAUTHORIZED when the key belongs to another organization', async () => {
    const response = await get(w.orgA.id, w.orgAEvents[0], '', w.orgBOwner);
    expectApiError(response, 401, 'USER_UNAUTHORIZED');
  });
});
