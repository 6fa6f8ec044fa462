import { defineErrors } from '../../platform/http/api-error';

// Codes and statuses are the product's (its API error code lists); detail texts follow the product's.
export const IdentityErrors = defineErrors({
  INVITATION_ONLY_MODE_OR_LDAP: {
    status: 403,
    detail:
      'Users can only be created through this resource while no user exists; new users must be invited.',
  },
  WEAK_PASSWORD: {
    status: 400,
    detail:
      'Password is not strong enough: it needs at least 8 characters, including a letter, a digit and a special character.',
  },
  INVALID_USERNAME: { status: 400, detail: 'Invalid username {0}.' },
  USER_NOT_FOUND: { status: 404, detail: 'No user with ID {0} exists.' },
  USERNAME_NOT_FOUND: { status: 404, detail: 'No user with username {0} exists.' },
  GROUP_NAME_NOT_FOUND: { status: 404, detail: 'No group with name "{0}" exists.' },
  GROUP_ALREADY_EXISTS: { status: 409, detail: 'A group with name "{0}" already exists.' },
  USER_ALREADY_EXISTS: { status: 409, detail: 'A user with username {0} already exists.' },
  ROLE_NEEDS_GROUP_ID: { status: 400, detail: 'The role {0} in {1} needs a groupId.' },
  ROLE_NEEDS_NO_GROUP_ID: { status: 400, detail: 'The role {0} in {1} takes no groupId.' },
  ROLE_NEEDS_ORG_ID: { status: 400, detail: 'The role {0} in {1} needs an orgId.' },
  ROLE_NEEDS_NO_ORG_ID: { status: 400, detail: 'The role {0} in {1} takes no orgId.' },
  // Not product names: the product documents no code for removing the last owner.
  CANNOT_REMOVE_LAST_ORG_OWNER: {
    status: 400,
    detail: 'Organization {0} would be left without an owner; make another user ORG_OWNER first.',
  },
  CANNOT_REMOVE_LAST_GLOBAL_OWNER: {
    status: 400,
    detail: 'The service would be left without a global owner; make another user GLOBAL_OWNER first.',
  },
  // Not a product name: the product documents no code for acting on a user who holds a role the caller
  // could not grant.
  USER_OUTRANKS_CALLER: {
    status: 403,
    detail:
      'The current user cannot change the credentials or profile of user {0}, nor delete it: it holds the role {1}, which the current user cannot grant.',
  },
  USER_NOT_IN_GROUP: { status: 404, detail: 'User {0} is not in group {1}.' },
  USER_NOT_IN_ORG: { status: 404, detail: 'User {0} is not in organization {1}.' },
  CANNOT_DELETE_ORG_WITH_GROUPS: {
    status: 400,
    detail: 'Organization {0} still has projects; delete or move them first.',
  },
  TEAM_NOT_FOUND: { status: 404, detail: 'No team with ID {0} exists in organization {1}.' },
  TEAM_NAME_NOT_FOUND: { status: 404, detail: 'No team with name {0} exists in organization {1}.' },
  DUPLICATE_TEAM_NAME: { status: 409, detail: 'A team named {0} already exists in organization {1}.' },
  USER_NOT_IN_TEAM: { status: 404, detail: 'User {0} is not in team {1}.' },
  TEAM_NOT_IN_GROUP: { status: 404, detail: 'Team {0} is not assigned to group {1}.' },
  TEAM_ALREADY_IN_GROUP: { status: 409, detail: 'Team {0} is already assigned to group {1}.' },
  // Not product names: the product documents no refusal for these. Deleting a team or user that an alert
  // configuration's TEAM or USER notification names, or taking a named user out of that configuration's
  // project, would leave the notification failing at every send; the configurations are listed.
  TEAM_NOTIFICATIONS_PRESENT: {
    status: 409,
    detail: 'Team {0} is named by TEAM notifications of {1} alert configuration(s): {2}. Change them first.',
  },
  USER_NOTIFICATIONS_PRESENT: {
    status: 409,
    detail:
      'User {0} is named by USER notifications of {1} alert configuration(s) of projects it would leave: {2}. Change them first.',
  },
  API_KEY_NOT_FOUND: { status: 400, detail: 'No API Key with ID {0} exists.' },
  API_KEY_CANNOT_CREATE_ORG: { status: 401, detail: 'API keys cannot create organizations.' },
  API_KEY_REQUIRES_DESCRIPTION: { status: 400, detail: 'API keys require a description.' },
  // No product code is documented for the 500-keys limit: our name.
  API_KEY_LIMIT_EXCEEDED: { status: 400, detail: 'An organization can hold at most {0} API keys.' },
  INVITATION_NOT_FOUND: { status: 404, detail: 'No pending invitation with ID {0} exists in {1}.' },
  INVITATION_USERNAME_NOT_FOUND: { status: 404, detail: 'No pending invitation for {0} exists in {1}.' },
  // Not product names: the product's invitations are accepted in its UI, whose refusals are not API codes.
  INVITATION_LINK_NOT_FOUND: { status: 404, detail: 'This invitation link is not valid.' },
  INVITATION_EXPIRED: {
    status: 410,
    detail: 'The invitation of {0} to {1} expired at {2}; ask for a new invitation.',
  },
  INVITATION_WITHDRAWN: {
    status: 410,
    detail: 'The invitation of {0} to {1} was withdrawn; ask for a new invitation.',
  },
  INVITATION_ALREADY_ACCEPTED: {
    status: 409,
    detail: 'The invitation of {0} to {1} was already accepted; sign in as {0}.',
  },
  INVITATION_LIMIT_EXCEEDED: { status: 409, detail: 'The {0} already has {1} pending invitations.' },
  INVITATION_ALREADY_PENDING: {
    status: 409,
    detail: 'User {0} already has a pending invitation to {1}; update or delete it instead.',
  },
  INVITER_GONE: {
    status: 409,
    detail: 'The user or API key that sent the invitation of {0} no longer exists; ask for a new invitation.',
  },
  INVITER_CANNOT_GRANT: {
    status: 409,
    detail: 'Whoever sent the invitation of {0} can no longer grant the role {1}; ask for a new invitation.',
  },
  INVITATION_PASSWORD_NOT_TAKEN: {
    status: 400,
    detail: 'User {0} already exists: accepting its invitation sets no password (leave out {1}).',
  },
  INVITATION_MAIL_NOT_CONFIGURED: {
    status: 503,
    detail:
      'Invitations are sent by e-mail and no SMTP server is configured (SMTP_URL); nothing was created.',
  },
  INVITATION_MAIL_FAILED: {
    status: 502,
    detail: 'The invitation e-mail to {0} could not be sent ({1}); nothing was created.',
  },
});
