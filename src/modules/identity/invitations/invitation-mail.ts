import type { OutgoingMail } from '../../../platform/mail/mailer';
import { toIsoSeconds } from '../../../platform/http/timestamps';
import type { InvitationEntity } from './invitation.entity';
import { describeScope, type InvitationScope } from './invitation-scope';

export const INVITATION_ACCEPT_API_PATH = '/unauth/invitations/accept';

// The e-mail an invitation sends: who invites whom to what with which roles, and the link to accept.
// `acceptUrl` is under PublicBaseUrl (never a request's Host, which the caller chooses).
export function invitationMail(
  invitation: InvitationEntity,
  scope: InvitationScope,
  acceptUrl: string,
  token: string,
): OutgoingMail {
  const what = describeScope(scope);
  const link = `${acceptUrl}?token=${token}`;
  const body = JSON.stringify({ token, password: '…', firstName: '…', lastName: '…' });
  return {
    to: invitation.username,
    subject: `Invitation to the ${what}`,
    text: [
      `${invitation.inviterUsername} invited you (${invitation.username}) to the ${what}, with the roles ${invitation.roles.join(', ')}.`,
      '',
      `The invitation is valid until ${toIsoSeconds(invitation.expiresAt)} (UTC). This link shows it:`,
      link,
      '',
      `To accept it, POST ${acceptUrl} with the JSON body {"token": "${token}"}.`,
      `If you have no account yet, choose your password there too: ${body}`,
      `(at least 8 characters with a letter, a digit and a special character). You then sign in as`,
      `${invitation.username} with that password (HTTP Digest).`,
      '',
      'The link works once. If you did not expect this invitation, ignore this e-mail.',
    ].join('\n'),
  };
}
