import type { OpenAPIObject } from '@nestjs/swagger';
import { withApiConventions } from './openapi-conventions';

function documentWith(paths: OpenAPIObject['paths']): OpenAPIObject {
  return { openapi: '3.0.0', info: { title: 't', version: '1' }, paths, components: {} };
}

describe('withApiConventions', () => {
  it('should declare pretty and envelope on every operation when they are not declared yet', () => {
    const document = withApiConventions(
      documentWith({
        '/api/public/v1.0/orgs': {
          get: { responses: {}, parameters: [{ name: 'pretty', in: 'query', schema: { type: 'boolean' } }] },
          post: { responses: {} },
        },
      }),
    );
    const orgs = document.paths['/api/public/v1.0/orgs'];
    expect(orgs.get?.parameters).toEqual([
      { name: 'pretty', in: 'query', schema: { type: 'boolean' } },
      { $ref: '#/components/parameters/envelope' },
    ]);
    expect(orgs.post?.parameters).toEqual([
      { $ref: '#/components/parameters/pretty' },
      { $ref: '#/components/parameters/envelope' },
    ]);
  });

  it('should add the Digest 401 and access-list 403 when the operation needs authentication', () => {
    const document = withApiConventions(
      documentWith({ '/api/public/v1.0/orgs': { get: { responses: {} } } }),
    );
    expect(document.paths['/api/public/v1.0/orgs'].get?.responses).toMatchObject({
      '401': { $ref: '#/components/responses/DigestChallenge' },
      '403': { $ref: '#/components/responses/AccessListRefusal' },
    });
    expect(document.components?.responses?.DigestChallenge).toHaveProperty('headers.WWW-Authenticate');
  });

  it('should declare the pipeline refusals an operation can get when its controller does not', () => {
    const document = withApiConventions(
      documentWith({
        '/api/public/v1.0/orgs': {
          get: { responses: {} },
          post: { responses: {}, requestBody: { content: { 'application/json': { schema: {} } } } },
        },
        '/api/public/v1.0/orgs/{orgId}': { get: { responses: { '404': { description: 'own' } } } },
        '/health': { get: { responses: {} } },
      }),
    );
    const ref = (name: string) => ({ $ref: `#/components/responses/${name}` });
    expect(Object.keys(document.paths['/api/public/v1.0/orgs'].get?.responses ?? {}).sort()).toEqual([
      '400',
      '401',
      '403',
      '413',
      '415',
      '429',
      '500',
      '503',
    ]);
    expect(document.paths['/api/public/v1.0/orgs'].post?.responses).toMatchObject({
      '413': ref('RequestTooLarge'),
      '415': ref('UnsupportedMediaType'),
    });
    expect(document.paths['/api/public/v1.0/orgs/{orgId}'].get?.responses['404']).toEqual({
      description: 'own',
      content: { 'application/json': { schema: { $ref: '#/components/schemas/ApiErrorResponse' } } },
    });
    expect(document.paths['/health'].get?.responses).toEqual({
      '400': ref('BadRequest'),
      '413': ref('RequestTooLarge'),
      '415': ref('UnsupportedMediaType'),
      '500': ref('UnexpectedError'),
      '503': ref('ServiceUnavailable'),
    });
    expect(document.components?.responses?.RateLimited).toHaveProperty(
      'content.application/json.examples.RATE_LIMITED.value.parameters',
      ['/api/public/v1.0/groups/5f1e0a4b8c2d3e4f5a6b7c8d', 100, 1],
    );
  });

  it('should clear the security requirement when the path is public', () => {
    const document = withApiConventions(
      documentWith({
        '/health': { get: { responses: {} } },
        '/api/public/v1.0/unauth/users': { post: { responses: {} } },
      }),
    );
    expect(document.paths['/health'].get).toMatchObject({ security: [], responses: {} });
    expect(document.paths['/api/public/v1.0/unauth/users'].post?.security).toEqual([]);
    expect(document.paths['/health'].get?.responses).not.toHaveProperty('401');
  });
});
