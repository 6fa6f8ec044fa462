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
  API_KEY_NOT_FOUND: { status: 400, detail: 'No API Key with ID {0} exists.' },
  API_KEY_CANNOT_CREATE_ORG: { status: 401, detail: 'API keys cannot create organizations.' },
  API_KEY_REQUIRES_DESCRIPTION: { status: 400, detail: 'API keys require a description.' },
  // No product code is documented for the 500-keys limit: our name.
  API_KEY_LIMIT_EXCEEDED: { status: 400, detail: 'An organization can hold at most {0} API keys.' },
});
