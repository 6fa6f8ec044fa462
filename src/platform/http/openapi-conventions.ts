import type {
  OpenAPIObject,
  OperationObject,
  ParameterObject,
  ReferenceObject,
  ResponseObject,
  SchemaObject,
} from '@nestjs/swagger';
import { isPublicPath } from '../auth/authenticator';
import type { ApiError } from './api-error';
import { CommonErrors } from './error-codes';
import { PROBE_PATHS } from '../health/probe-paths';

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

const ERROR_SCHEMA: SchemaObject = {
  type: 'object',
  description: "The product's error body.",
  required: ['detail', 'error', 'reason'],
  properties: {
    detail: {
      type: 'string',
      example: 'Cannot find resource /api/public/v1.0/groups/5f1e0a4b8c2d3e4f5a6b7c8d.',
    },
    error: { type: 'integer', example: 404 },
    errorCode: { type: 'string', example: 'RESOURCE_NOT_FOUND' },
    parameters: {
      type: 'array',
      // The values substituted into `detail`, in order: strings, and numbers where the value is one
      // (RATE_LIMITED's limit and period, a refused interval), as the product's own errors carry them.
      items: { oneOf: [{ type: 'string' }, { type: 'number' }] },
      example: ['/api/public/v1.0/groups/5f1e0a4b8c2d3e4f5a6b7c8d'],
    },
    reason: { type: 'string', example: 'Not Found' },
  },
};

const PARAMETERS: Record<string, ParameterObject> = {
  pretty: {
    name: 'pretty',
    in: 'query',
    required: false,
    description: 'Indent the JSON response body.',
    schema: { type: 'boolean', default: false },
  },
  envelope: {
    name: 'envelope',
    in: 'query',
    required: false,
    description:
      'Wrap the response: a single resource becomes `{status, content}`; a list gets a `status` field with the HTTP status.',
    schema: { type: 'boolean', default: false },
  },
};

const errorContent = (example: Record<string, unknown>): ResponseObject['content'] => ({
  'application/json': { schema: { $ref: '#/components/schemas/ApiErrorResponse' }, example },
});

// Examples rendered from the errors the pipeline really throws, so they cannot drift from the bodies.
const errorExamples = (errors: ApiError[]): ResponseObject['content'] => ({
  'application/json': {
    schema: { $ref: '#/components/schemas/ApiErrorResponse' },
    examples: Object.fromEntries(
      errors.map((error) => [
        error.errorCode ?? 'UNAUTHORIZED',
        { summary: error.detail, value: error.toBody() },
      ]),
    ),
  },
});

const SAMPLE_PATH = '/api/public/v1.0/groups/5f1e0a4b8c2d3e4f5a6b7c8d';

const RESPONSES: Record<string, ResponseObject> = {
  DigestChallenge: {
    description:
      'Missing or invalid HTTP Digest credentials (answered with a challenge; Content-Type ' +
      '`application/json;charset=ISO-8859-1`), or the caller lacks the role the operation needs ' +
      '(`USER_UNAUTHORIZED`, `NOT_IN_GROUP`).',
    headers: {
      'WWW-Authenticate': {
        description:
          'Digest challenge(s): `Digest realm="MMS Public API", domain="", nonce="...", algorithm=MD5, qop="auth", ' +
          'stale=false`, then the same with algorithm=SHA-256. `stale=true` when the nonce has expired.',
        schema: { type: 'string' },
      },
    },
    content: errorContent({
      reason: 'Unauthorized',
      error: 401,
      detail: 'You are not authorized for this resource.',
    }),
  },
  AccessListRefusal: {
    description: "The caller's address is not on the API key's access list.",
    content: errorContent({
      detail: 'IP address 203.0.113.7 is not allowed to access this resource.',
      error: 403,
      errorCode: 'IP_ADDRESS_NOT_ON_ACCESS_LIST',
      parameters: ['203.0.113.7'],
      reason: 'Forbidden',
    }),
  },
};

// Refusals the shared HTTP pipeline can give on any operation, whatever its controller declares.
const PIPELINE_RESPONSES: Record<string, ResponseObject> = {
  BadRequest: {
    description:
      'A query parameter is invalid or holds a character no value can hold (U+0000, a lone surrogate); or ' +
      'the body nests deeper than 32 levels, or has more than 1,000 attributes in an object, 1,000 items in ' +
      'an array or 20,000 values in all (the limits are settings); the error names the parameter or attribute.',
    content: errorExamples([
      CommonErrors.INVALID_QUERY_PARAMETER('pageNum'),
      CommonErrors.JSON_NESTED_TOO_DEEPLY('processes[0].args2_6.a.a.a', 32),
      CommonErrors.TOO_MANY_ATTRIBUTES('body', 1000),
    ]),
  },
  NotFound: {
    description: 'A path parameter names nothing that exists (or holds U+0000).',
    content: errorExamples([
      CommonErrors.RESOURCE_NOT_FOUND(SAMPLE_PATH),
      CommonErrors.GROUP_NOT_FOUND('5f1e0a4b8c2d3e4f5a6b7c8d'),
      CommonErrors.ORG_NOT_FOUND('5f1e0a4b8c2d3e4f5a6b7c8d'),
    ]),
  },
  RequestTooLarge: {
    description:
      'The request carries a body larger than the route accepts: 64 KiB, or 1 MiB on the routes carrying a ' +
      'whole document (automation configuration, agent reports, identity providers); both are settings.',
    content: errorExamples([CommonErrors.REQUEST_TOO_LARGE(65536)]),
  },
  UnsupportedMediaType: {
    description: 'The request carries a body that is not `application/json`.',
    content: errorExamples([CommonErrors.UNSUPPORTED_MEDIA_TYPE('text/plain')]),
  },
  RateLimited: {
    description:
      'Too many requests from this credential on this project, or from this address (only when a rate limit ' +
      'is configured); or, always, too many failed authentications for this user name from this address, or ' +
      'from this address: credentials are not checked again before `Retry-After` has passed.',
    headers: {
      'Retry-After': {
        description: 'Seconds until a request is accepted again.',
        schema: { type: 'integer' },
      },
      'RateLimit-Limit': { description: 'Requests allowed per minute.', schema: { type: 'integer' } },
      'RateLimit-Remaining': {
        description: 'Requests left in the current window.',
        schema: { type: 'integer' },
      },
    },
    content: errorExamples([CommonErrors.RATE_LIMITED(SAMPLE_PATH, 100, 1)]),
  },
  UnexpectedError: {
    description: 'An internal failure; the reference in the body is logged with its cause.',
    content: errorExamples([CommonErrors.UNEXPECTED_ERROR('543e9ced-e530-4675-adc9-7855bcc72f70')]),
  },
  ServiceUnavailable: {
    description: 'The database is unreachable; retry later.',
    content: errorExamples([CommonErrors.SERVICE_UNAVAILABLE('the database is unreachable')]),
  },
};

// The product answers every error with its error body: a controller's status declared with only a
// description gets the ApiErrorResponse content here.
function withErrorContent(response: ResponseObject | ReferenceObject): ResponseObject | ReferenceObject {
  if ('$ref' in response || response.content) return response;
  return {
    ...response,
    content: { 'application/json': { schema: { $ref: '#/components/schemas/ApiErrorResponse' } } },
  };
}

function refTo(kind: 'parameters' | 'responses', name: string): ReferenceObject {
  return { $ref: `#/components/${kind}/${name}` };
}

function declaresParameter(operation: OperationObject, name: string): boolean {
  return (operation.parameters ?? []).some(
    (parameter) =>
      ('$ref' in parameter && parameter.$ref === `#/components/parameters/${name}`) ||
      ('name' in parameter && parameter.name === name && parameter.in === 'query'),
  );
}

// Conventions that apply to every operation are declared once here instead of on every controller:
// `pretty` and `envelope` (as every product endpoint does), the error body on every error status, the
// refusals of the shared pipeline (400 query, 404 path, 413/415 body, 429, 500, 503), the Digest 401 and the
// access-list 403 on every authenticated operation, and no security requirement on the public paths.
export function withApiConventions(document: OpenAPIObject): OpenAPIObject {
  const components = (document.components ??= {});
  components.parameters = { ...components.parameters, ...PARAMETERS };
  components.responses = { ...components.responses, ...RESPONSES, ...PIPELINE_RESPONSES };
  components.schemas = { ApiErrorResponse: ERROR_SCHEMA, ...components.schemas };
  for (const [path, item] of Object.entries(document.paths)) {
    for (const method of METHODS) {
      const operation = item[method];
      if (!operation) continue;
      const parameters = [...(operation.parameters ?? [])];
      for (const name of Object.keys(PARAMETERS)) {
        if (!declaresParameter(operation, name)) parameters.push(refTo('parameters', name));
      }
      operation.parameters = parameters;
      const responses = operation.responses;
      for (const [status, response] of Object.entries(responses)) {
        if (response && Number(status) >= 400) responses[status] = withErrorContent(response);
      }
      responses['400'] ??= refTo('responses', 'BadRequest');
      if (path.includes('{')) responses['404'] ??= refTo('responses', 'NotFound');
      // The body checks run before routing, so an operation without a body refuses a bad one too.
      responses['413'] ??= refTo('responses', 'RequestTooLarge');
      responses['415'] ??= refTo('responses', 'UnsupportedMediaType');
      // Load balancers' probe is never rate limited.
      if (!PROBE_PATHS.has(path)) responses['429'] ??= refTo('responses', 'RateLimited');
      responses['500'] ??= refTo('responses', 'UnexpectedError');
      responses['503'] ??= refTo('responses', 'ServiceUnavailable');
      if (isPublicPath(path)) {
        // Public to Digest; an operation with its own scheme (the agent API's Basic) keeps it.
        operation.security = operation.security?.length ? operation.security : [];
      } else {
        operation.responses['401'] ??= refTo('responses', 'DigestChallenge');
        operation.responses['403'] ??= refTo('responses', 'AccessListRefusal');
      }
    }
  }
  return document;
}
