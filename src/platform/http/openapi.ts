import type { INestApplication } from '@nestjs/common';
import { DocumentBuilder, OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import { withApiConventions } from './openapi-conventions';

export const DOCS_PATH = 'docs';

export function buildOpenApiDocument(app: INestApplication, version: string): OpenAPIObject {
  const config = new DocumentBuilder()
    .setTitle('Deployment Management Service')
    .setDescription(
      'Public API `/api/public/v1.0` for monitored database deployments, compatible with the Ops Manager ' +
        'public API. Every operation except /health and /unauth/users needs HTTP Digest authentication: ' +
        'user name = public key, password = private key.',
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

// Swagger UI at /docs, the JSON document at /docs-json.
export function setupOpenApi(app: INestApplication, version: string): OpenAPIObject {
  const document = buildOpenApiDocument(app, version);
  SwaggerModule.setup(DOCS_PATH, app, document, { jsonDocumentUrl: `${DOCS_PATH}-json` });
  return document;
}
