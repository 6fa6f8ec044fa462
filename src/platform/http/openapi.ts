import type { INestApplication } from '@nestjs/common';
import { DocumentBuilder, OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import { withApiConventions } from './openapi-conventions';

export const DOCS_PATH = 'docs';

// Swagger UI cannot compute Digest responses: its Authorize dialog shows "unsupported scheme 'digest'".
// The browser can, in its own sign-in prompt, when an operation's 401 challenge reaches it; this is the
// way that works from the page, shown at its top.
export const SIGNING_IN_FROM_SWAGGER_UI =
  '**Signing in from this page.** Swagger UI cannot answer HTTP Digest itself: its Authorize dialog lists ' +
  '`digest` as "unsupported scheme \'digest\'"; leave it. Open an operation, press "Try it out" then ' +
  '"Execute": the service answers with a Digest challenge and the browser shows its own sign-in prompt. ' +
  'Enter a public key as user name and its private key as password (or a user name and its password); ' +
  'the browser then signs every later call for the rest of its session. The Authorize dialog works for `agentKey` ' +
  '(HTTP Basic: project id and agent API key), used only by the agent API.';

export function buildOpenApiDocument(app: INestApplication, version: string): OpenAPIObject {
  const config = new DocumentBuilder()
    .setTitle('Deployment Management Service')
    .setDescription(
      'Public API `/api/public/v1.0` for monitored database deployments, compatible with the Ops Manager ' +
        'public API. Every operation except /health and /unauth/users needs HTTP Digest authentication: ' +
        'user name = public key, password = private key.\n\n' +
        SIGNING_IN_FROM_SWAGGER_UI,
    )
    .setVersion(version)
    .addSecurity('digest', {
      type: 'http',
      scheme: 'digest',
      description: 'HTTP Digest (RFC 7616), MD5 or SHA-256.',
    })
    .addSecurityRequirements('digest')
    // The agent API (/agents/v1/...): HTTP Basic, user = project id, password = a project agent API key.
    .addBasicAuth(
      {
        type: 'http',
        scheme: 'basic',
        description: 'User name = project id, password = a project agent API key.',
      },
      'agentKey',
    )
    .build();
  const document = SwaggerModule.createDocument(app, config, {
    operationIdFactory: (controllerKey: string, methodKey: string) =>
      `${controllerKey.replace(/Controller$/, '')}_${methodKey}`,
  });
  return withApiConventions(document);
}

// Swagger UI at /docs, the JSON document at /docs-json. The document is built on the first request
// for either (SwaggerModule keeps it), not at start-up, where it cost ~0.35 s of CPU before the first
// 200 (start-up target: 2 s on an existing database, docs/benchmarks.md). The contract test
// (test/contract/openapi.e2e-spec.ts) builds and checks it.
export function setupOpenApi(app: INestApplication, version: string): void {
  SwaggerModule.setup(DOCS_PATH, app, () => buildOpenApiDocument(app, version), {
    jsonDocumentUrl: `${DOCS_PATH}-json`,
    swaggerOptions: { requestInterceptor: addCsrfToken },
  });
}

// Runs in the browser: SwaggerModule writes its source into swagger-ui-init.js. A person signed in
// through federation calls the API with the session cookie; a change must repeat the session's CSRF
// token (cookie dms_csrf, see platform/auth/session) in X-CSRF-Token. Self-contained on purpose.
function addCsrfToken(request: { method?: string; headers: Record<string, string> }): unknown {
  const page = (globalThis as { document?: { cookie?: string } }).document;
  const match = /(?:^|;\s*)dms_csrf=([A-Za-z0-9_-]+)/.exec(page && page.cookie ? page.cookie : '');
  if (match && !/^(GET|HEAD|OPTIONS)$/i.test(request.method || 'GET'))
    request.headers['X-CSRF-Token'] = match[1];
  return request;
}
