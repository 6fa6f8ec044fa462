import { createHash, randomBytes } from 'node:crypto';
import type { Clock } from '../../../src/platform/clock/clock';
import { call, type ApiResponse, type Credentials } from '../../support/digest-client';
import {
  assignKeyToProject,
  bootstrapFirstUser,
  createOrg,
  createOrgApiKey,
  createProject,
  type ApiKeyCredentials,
  type BootstrapResult,
} from '../../support/factories/identity.fixture';
import { SmtpReceiver, type ReceivedMail } from '../../support/receivers/smtp-receiver';
import { startTestApp, type TestApp } from '../../support/test-app';

// Links in e-mails are under PUBLIC_BASE_URL, never the address a request came to.
export const PUBLIC_BASE_URL = 'https://dms.example.test';
export const ACCEPT_LINK = `${PUBLIC_BASE_URL}/api/public/v1.0/unauth/invitations/accept?token=`;
export const DAY = 24 * 60 * 60 * 1000;

export interface InvitationView {
  id: string;
  username: string;
  roles: string[];
  inviterUsername: string;
  createdAt: string;
  expiresAt: string;
  orgId?: string;
  orgName?: string;
  teamIds?: string[];
  groupId?: string;
  groupName?: string;
}

export interface InvitationWorld {
  t: TestApp;
  smtp: SmtpReceiver;
  boot: BootstrapResult;
  orgId: string;
  orgName: string;
  groupId: string;
  groupName: string;
  // ORG_OWNER of the organization: its user admin.
  orgOwner: ApiKeyCredentials;
  // ORG_MEMBER with GROUP_USER_ADMIN on the project: may invite to the project, never as GROUP_OWNER.
  projectUserAdmin: ApiKeyCredentials;
  // ORG_MEMBER with GROUP_READ_ONLY on the project: administers nobody.
  reader: ApiKeyCredentials;
}

// Registers the hooks of a suite: an app mailing through a local SMTP server, one organization with one
// project, and a caller for each standing the invitation routes distinguish. The fields are set once
// beforeAll has run; the SMTP server is emptied before each test.
export function invitationSuite(clock: Clock): InvitationWorld {
  const w = {} as InvitationWorld;
  beforeAll(async () => {
    w.smtp = await SmtpReceiver.start();
    w.t = await startTestApp(
      {
        SMTP_URL: w.smtp.url(),
        MAIL_FROM: 'Service <service@dms.example.test>',
        PUBLIC_BASE_URL,
        SECRETS_KEY: randomBytes(32).toString('base64'),
      },
      clock,
    );
    w.boot = await bootstrapFirstUser(w.t);
    const org = await createOrg(w.t, w.boot.globalKey);
    const project = await createProject(w.t, w.boot.globalKey, org.id);
    Object.assign(w, { orgId: org.id, orgName: org.name, groupId: project.id, groupName: project.name });
    w.orgOwner = await createOrgApiKey(w.t, w.boot.globalKey, org.id, ['ORG_OWNER']);
    w.projectUserAdmin = await createOrgApiKey(w.t, w.boot.globalKey, org.id, ['ORG_MEMBER']);
    await assignKeyToProject(w.t, w.boot.globalKey, project.id, w.projectUserAdmin.id, ['GROUP_USER_ADMIN']);
    w.reader = await createOrgApiKey(w.t, w.boot.globalKey, org.id, ['ORG_MEMBER']);
    await assignKeyToProject(w.t, w.boot.globalKey, project.id, w.reader.id, ['GROUP_READ_ONLY']);
  });
  afterAll(async () => {
    await w.t.close();
    await w.smtp.close();
  });
  beforeEach(() => w.smtp.reset());
  return w;
}

export function address(prefix = 'invitee'): string {
  return `${prefix}-${randomBytes(4).toString('hex')}@example.com`;
}

export function orgInvites(w: InvitationWorld, rest = ''): string {
  return `${w.t.apiUrl}/orgs/${w.orgId}/invites${rest}`;
}

export function projectInvites(w: InvitationWorld, rest = ''): string {
  return `${w.t.apiUrl}/groups/${w.groupId}/invites${rest}`;
}

export async function invite(
  url: string,
  auth: Credentials,
  body: Record<string, unknown>,
): Promise<InvitationView> {
  const response = await call<InvitationView>('POST', url, { auth, body });
  if (response.status !== 200) throw new Error(`POST ${url}: ${response.status} ${response.text}`);
  return response.body;
}

// The one e-mail sent to `to` since the last reset, and the token of the link it carries.
export function mailTo(w: InvitationWorld, to: string): { mail: ReceivedMail; token: string } {
  const mails = w.smtp.messages.filter((message) => message.to.includes(to));
  expect(mails).toHaveLength(1);
  const mail = mails[0];
  const text = mail.text ?? mail.raw;
  const at = text.indexOf(ACCEPT_LINK);
  expect(at).toBeGreaterThanOrEqual(0);
  const token = /^[A-Za-z0-9_-]+/.exec(text.slice(at + ACCEPT_LINK.length))?.[0] ?? '';
  expect(token).toHaveLength(43);
  return { mail, token };
}

export function sha256(value: string): string {
  return createHash('sha256').update(value, 'utf8').digest('hex');
}

export function acceptUrl(w: InvitationWorld): string {
  return `${w.t.apiUrl}/unauth/invitations/accept`;
}

export function accept(w: InvitationWorld, body: Record<string, unknown>): Promise<ApiResponse> {
  return call('POST', acceptUrl(w), { body });
}

export function showLink(w: InvitationWorld, token: string): Promise<ApiResponse> {
  return call('GET', `${acceptUrl(w)}?token=${encodeURIComponent(token)}`);
}
