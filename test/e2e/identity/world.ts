import type { Credentials } from '../../support/digest-client';
import {
  assignKeyToProject,
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

// Two organizations with one project each, and keys of every kind the identity tests need.
export interface World extends BootstrapResult {
  orgA: OrgView;
  orgB: OrgView;
  projectA: ProjectView;
  projectA2: ProjectView;
  projectB: ProjectView;
  ownerA: ApiKeyCredentials;
  memberA: ApiKeyCredentials;
  readOnlyA: ApiKeyCredentials;
  creatorA: ApiKeyCredentials;
  // ORG_MEMBER of org A with GROUP_READ_ONLY on projectA only.
  projectReaderA: ApiKeyCredentials;
  ownerB: ApiKeyCredentials;
  admin: Credentials;
}

export async function buildWorld(t: TestApp): Promise<World> {
  const boot = await bootstrapFirstUser(t);
  const admin = boot.globalKey;
  const orgA = await createOrg(t, admin, 'Org A');
  const orgB = await createOrg(t, admin, 'Org B');
  const projectA = await createProject(t, admin, orgA.id, 'Project A');
  const projectA2 = await createProject(t, admin, orgA.id, 'Project A2');
  const projectB = await createProject(t, admin, orgB.id, 'Project B');
  const ownerA = await createOrgApiKey(t, admin, orgA.id, ['ORG_OWNER'], 'owner A');
  const memberA = await createOrgApiKey(t, admin, orgA.id, ['ORG_MEMBER'], 'member A');
  const readOnlyA = await createOrgApiKey(t, admin, orgA.id, ['ORG_READ_ONLY'], 'read-only A');
  const creatorA = await createOrgApiKey(t, admin, orgA.id, ['ORG_GROUP_CREATOR'], 'creator A');
  const projectReaderA = await createOrgApiKey(t, admin, orgA.id, ['ORG_MEMBER'], 'project reader A');
  await assignKeyToProject(t, admin, projectA.id, projectReaderA.id, ['GROUP_READ_ONLY']);
  const ownerB = await createOrgApiKey(t, admin, orgB.id, ['ORG_OWNER'], 'owner B');
  return {
    ...boot,
    admin,
    orgA,
    orgB,
    projectA,
    projectA2,
    projectB,
    ownerA,
    memberA,
    readOnlyA,
    creatorA,
    projectReaderA,
    ownerB,
  };
}
