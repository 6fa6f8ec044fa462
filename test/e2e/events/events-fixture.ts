import type { Client } from 'pg';
import {
  bootstrapFirstUser,
  createOrg,
  createOrgApiKey,
  createProject,
  type ApiKeyCredentials,
  type BootstrapResult,
  type OrgView,
  type ProjectView,
} from '../../support/factories/identity.fixture';
import type { TestApp } from '../../support/test-app';
import { connect, insertEvents } from './event-rows';

// Two organizations, two projects in the first and one in the second, keys with different standing,
// and seeded events whose times, actors and types the list and get-one tests assert exactly.
export interface EventsWorld {
  db: Client;
  boot: BootstrapResult;
  orgA: OrgView;
  orgB: OrgView;
  project1: ProjectView;
  project2: ProjectView;
  projectB: ProjectView;
  orgAMember: ApiKeyCredentials;
  orgAReadOnly: ApiKeyCredentials;
  orgBOwner: ApiKeyCredentials;
  // Project 1, oldest first: e1..e5 plus two events created in the same millisecond (tie1, tie2).
  p1: { e1: string; e2: string; e3: string; e4: string; e5: string; tie1: string; tie2: string };
  p2Alpha: string;
  // Organization-level events of org A (oldest first) and org B.
  orgAEvents: [string, string];
  orgBEvent: string;
}

export const SEED_KEY = { apiKeyId: '65a50a2e9f1c2b3d4e5f6a01', publicKey: 'seedpubk' };
export const SEED_USER = { userId: '65a50a2e9f1c2b3d4e5f6a02', username: 'auditor@example.com' };
export const TIE_TIME = new Date('2024-01-13T00:00:00.000Z');

export async function buildEventsWorld(t: TestApp): Promise<EventsWorld> {
  const db = await connect(t.databaseUrl);
  const boot = await bootstrapFirstUser(t);
  const orgA = await createOrg(t, boot.globalKey);
  const orgB = await createOrg(t, boot.globalKey);
  const project1 = await createProject(t, boot.globalKey, orgA.id);
  const project2 = await createProject(t, boot.globalKey, orgA.id);
  const projectB = await createProject(t, boot.globalKey, orgB.id);
  const orgAMember = await createOrgApiKey(t, boot.globalKey, orgA.id, ['ORG_MEMBER']);
  const orgAReadOnly = await createOrgApiKey(t, boot.globalKey, orgA.id, ['ORG_READ_ONLY']);
  const orgBOwner = await createOrgApiKey(t, boot.globalKey, orgB.id, ['ORG_OWNER']);

  const inP1 = { groupId: project1.id, orgId: orgA.id };
  const [e1, e2, e3, e4, e5, tie1, tie2] = await insertEvents(db, [
    { ...inP1, eventTypeName: 'TEST_ALPHA', created: new Date('2024-01-10T10:00:00.000Z') },
    { ...inP1, eventTypeName: 'TEST_BETA', created: new Date('2024-01-10T10:00:01.500Z') },
    {
      ...inP1,
      ...SEED_KEY,
      eventTypeName: 'TEST_ALPHA',
      created: new Date('2024-01-10T10:00:02.000Z'),
      remoteAddress: '198.51.100.4',
      subject: { targetUsername: 'jane.doe@example.com', port: 27017 },
      diffs: [
        {
          id: SEED_USER.userId,
          status: 'MODIFIED',
          type: 'USERS',
          params: [{ param: 'role', old: 'A', new: 'B' }],
        },
      ],
      raw: { requestId: 'seed-request' },
    },
    { ...inP1, eventTypeName: 'TEST_GAMMA', created: new Date('2024-01-11T00:00:00.000Z') },
    {
      ...inP1,
      ...SEED_USER,
      eventTypeName: 'TEST_BETA',
      created: new Date('2024-01-12T00:00:00.000Z'),
      isGlobalAdmin: true,
    },
    { ...inP1, eventTypeName: 'TEST_TIE', created: TIE_TIME },
    { ...inP1, eventTypeName: 'TEST_TIE', created: TIE_TIME },
  ]);
  const [p2Alpha] = await insertEvents(db, [
    {
      groupId: project2.id,
      orgId: orgA.id,
      eventTypeName: 'TEST_ALPHA',
      created: new Date('2024-01-10T10:00:00Z'),
    },
  ]);
  const [orgA1, orgA2, orgBEvent] = await insertEvents(db, [
    { orgId: orgA.id, eventTypeName: 'ORG_TEST_X', created: new Date('2024-02-01T00:00:00Z') },
    { orgId: orgA.id, eventTypeName: 'ORG_TEST_X', created: new Date('2024-02-02T00:00:00Z'), ...SEED_USER },
    { orgId: orgB.id, eventTypeName: 'ORG_TEST_X', created: new Date('2024-02-03T00:00:00Z') },
  ]);
  return {
    db,
    boot,
    orgA,
    orgB,
    project1,
    project2,
    projectB,
    orgAMember,
    orgAReadOnly,
    orgBOwner,
    p1: { e1, e2, e3, e4, e5, tie1, tie2 },
    p2Alpha,
    orgAEvents: [orgA1, orgA2],
    orgBEvent,
  };
}

export function idsOf(body: { results: Array<{ id: string }> }): string[] {
  return body.results.map((event) => event.id);
}
