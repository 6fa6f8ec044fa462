import { defineErrors } from '../../platform/http/api-error';

// Codes and statuses are the product's (its API error code lists); detail texts follow the product's
// where it prints one.
export const AccessListErrors = defineErrors({
  API_KEY_NOT_FOUND: { status: 400, detail: 'No API Key with ID {0} exists.' },
  API_KEY_ACCESS_LIST_NOT_FOUND: {
    status: 404,
    detail: 'Entry {0} is not on the access list of API Key {1}.',
  },
  // Global access list entries have ids; no product code is documented for an unknown one: ours.
  GLOBAL_ACCESS_LIST_ENTRY_NOT_FOUND: {
    status: 404,
    detail: 'No global access list entry with ID {0} exists.',
  },
  GLOBAL_ACCESS_LIST_ENTRY_ALREADY_EXISTS: {
    status: 409,
    detail: 'The block {0} is already on the global access list (entry {1}).',
  },
  ACCESS_LIST_NOT_FOUND: { status: 404, detail: 'IP address {0} not on access list for user {1}.' },
  ACCESS_LIST_ACCESS_DENIED: {
    status: 401,
    detail: 'Cannot retrieve access list for user {0}, which is not currently logged in.',
  },
  CANNOT_REMOVE_CALLER_FROM_ACCESS_LIST: {
    status: 400,
    detail: "Cannot remove caller's IP address {0} from access list.",
  },
  // No product code covers a fenced caller loosening its own fence: our name, in the product's style.
  CANNOT_WIDEN_OWN_ACCESS_LIST: {
    status: 403,
    detail: 'The caller cannot widen its own access list ({0}); only a global owner may loosen it.',
  },
  BAD_ACCESS_LIST_ADD_REQUEST: {
    status: 400,
    detail: 'An access list entry takes either ipAddress or cidrBlock, not both ({0} and {1}).',
  },
  DUPLICATE_ADDRESSES_IN_INPUT: {
    status: 400,
    detail: 'The address {0} appears more than once in the request.',
  },
  INVALID_IP_ADDRESS_OR_CIDR_NOTATION: {
    status: 400,
    detail: 'The address {0} must be in valid IP address or CIDR notation.',
  },
});
