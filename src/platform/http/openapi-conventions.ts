import type {
  OpenAPIObject,
  OperationObject,
  ParameterObject,
  ReferenceObject,
  ResponseObject,
  SchemaObject,
} from '@nestjs/swagger';
import { isPublicPath } from '../auth/authenticator';

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

const ERROR_SCHEMA: SchemaObject = {
  type: 'object',
  description: "The product's error body (product-facts 1.1).",
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
      items: { type: 'string' },
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
// `pretty` and `envelope` (spec "Common conventions"), the Digest 401 and the access-list 403 on every
// authenticated operation, and no security requirement on the public paths.
export function withApiConventions(document: OpenAPIObject): OpenAPIObject {
  const components = (document.components ??= {});
  components.parameters = { ...components.parameters, ...PARAMETERS };
  components.responses = { ...components.responses, ...RESPONSES };
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
