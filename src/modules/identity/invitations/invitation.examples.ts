import { CommonErrors } from '../../../platform/http/error-codes';
import { IdentityErrors } from '../identity.errors';

const ORG = 'organization Payments';
const USERNAME = 'sam.lee@example.com';

// The refusals the invitation routes document, as they are printed.
export const INVITATION_EXAMPLES = {
  badRole: CommonErrors.INVALID_ENUM_VALUE('GROUP_READ_ONLY', 'roles[0]'),
  notFound: IdentityErrors.INVITATION_NOT_FOUND('5f9b3c2e8f1d4a0012345678', ORG),
  usernameNotFound: IdentityErrors.INVITATION_USERNAME_NOT_FOUND(USERNAME, ORG),
  alreadyPending: IdentityErrors.INVITATION_ALREADY_PENDING(USERNAME, ORG),
  mailNotConfigured: IdentityErrors.INVITATION_MAIL_NOT_CONFIGURED(),
  mailFailed: IdentityErrors.INVITATION_MAIL_FAILED(USERNAME, 'EENVELOPE: 550 mailbox unavailable'),
  linkNotFound: IdentityErrors.INVITATION_LINK_NOT_FOUND(),
  expired: IdentityErrors.INVITATION_EXPIRED(USERNAME, ORG, '2024-07-31T10:00:00Z'),
  withdrawn: IdentityErrors.INVITATION_WITHDRAWN(USERNAME, ORG),
  accepted: IdentityErrors.INVITATION_ALREADY_ACCEPTED(USERNAME, ORG),
  inviterGone: IdentityErrors.INVITER_GONE(USERNAME),
  inviterCannotGrant: IdentityErrors.INVITER_CANNOT_GRANT(USERNAME, 'GROUP_OWNER'),
  weakPassword: IdentityErrors.WEAK_PASSWORD(),
  passwordNotTaken: IdentityErrors.INVITATION_PASSWORD_NOT_TAKEN(USERNAME, 'password'),
};
