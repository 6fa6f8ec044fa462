import { defineErrors } from './api-error';

// Codes shared by every context. Context-specific codes live in <context>.errors.ts.
export const CommonErrors = defineErrors({
  RESOURCE_NOT_FOUND: { status: 404, detail: 'Cannot find resource {0}.' },
  INVALID_ATTRIBUTE: { status: 400, detail: 'Invalid attribute {0} specified.' },
  MISSING_ATTRIBUTE: { status: 400, detail: 'The required attribute {0} was not specified.' },
  MISSING_OR_INVALID_ATTRIBUTE: { status: 400, detail: 'The required attribute {0} is missing or invalid.' },
  MISSING_ONE_OF_ATTRIBUTES: { status: 400, detail: 'At least one of the attributes {0} must be specified.' },
  ATTRIBUTE_READ_ONLY: { status: 400, detail: 'The attribute {0} is read-only and cannot be changed.' },
  ATTRIBUTE_NEGATIVE: { status: 400, detail: 'The attribute {0} cannot be negative.' },
  ATTRIBUTE_NEGATIVE_OR_ZERO: { status: 400, detail: 'The attribute {0} cannot be negative or zero.' },
  INVALID_JSON: { status: 400, detail: 'Received JSON is malformed.' },
  // Refused before parsing (src/platform/http/json-shape.ts): the product documents no limit, these
  // name the attribute and the limit so a client can tell what to change.
  JSON_NESTED_TOO_DEEPLY: { status: 400, detail: 'The attribute {0} is nested deeper than {1} levels.' },
  TOO_MANY_ATTRIBUTES: { status: 400, detail: 'The object {0} has more than {1} attributes.' },
  TOO_MANY_ITEMS: { status: 400, detail: 'The array {0} has more than {1} items.' },
  TOO_MANY_VALUES: { status: 400, detail: 'The body holds more than {0} attributes and array items in all.' },
  INVALID_JSON_ATTRIBUTE: {
    status: 400,
    detail: 'Received JSON for the {0} attribute does not match expected format.',
  },
  INVALID_ENUM_VALUE: { status: 400, detail: 'An invalid enumeration value {0} was specified for {1}.' },
  INVALID_QUERY_PARAMETER: { status: 400, detail: 'Invalid query parameter {0} specified.' },
  MISSING_QUERY_PARAMETER: { status: 400, detail: 'Missing query parameter {0}.' },
  INVALID_PATH_PARAMETER: { status: 400, detail: 'Invalid path parameter {0}: {1}.' },
  VALIDATION_ERROR: { status: 400, detail: 'Invalid value for {0}: {1}.' },
  UNSUPPORTED_MEDIA_TYPE: {
    status: 415,
    detail: 'Content type {0} is not supported; send application/json.',
  },
  REQUEST_TOO_LARGE: { status: 413, detail: 'The request body exceeds the limit of {0} bytes.' },
  // Parents of every project- and org-scoped route: raised by the role guard for callers whose role
  // reaches a project or organization that does not exist (global roles).
  GROUP_NOT_FOUND: { status: 404, detail: 'No group with ID {0} exists.' },
  ORG_NOT_FOUND: { status: 404, detail: 'No organization with ID {0} exists.' },
  USER_UNAUTHORIZED: { status: 401, detail: 'Current user is not authorized to perform this action.' },
  NOT_IN_GROUP: { status: 401, detail: 'The current user is not in the group, or the group does not exist.' },
  IP_ADDRESS_NOT_ON_ACCESS_LIST: {
    status: 403,
    detail: 'IP address {0} is not allowed to access this resource.',
  },
  // A change sent with a browser session must repeat the session's CSRF token (cookie dms_csrf) in the
  // X-CSRF-Token header: a page of another site can make the browser send the cookie, not read it.
  CSRF_TOKEN_MISMATCH: {
    status: 403,
    detail:
      'A change made with a browser session needs the header X-CSRF-Token equal to the cookie dms_csrf.',
  },
  RATE_LIMITED: { status: 429, detail: 'Resource {0} is limited to {1} requests every {2} minutes.' },
  SERVICE_UNAVAILABLE: { status: 503, detail: 'The service is temporarily unavailable: {0}.' },
  UNEXPECTED_ERROR: { status: 500, detail: 'Unexpected error (reference {0}).' },
});
