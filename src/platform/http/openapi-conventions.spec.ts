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
    expect(document.paths['/api/public/v1.0/orgs'].get?.responses).toEqual({
      '401': { $ref: '#/components/responses/DigestChallenge' },
      '403': { $ref: '#/components/responses/AccessListRefusal' },
    });
    expect(document.components?.responses?.DigestChallenge).toHaveProperty('headers.WWW-Authenticate');
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
