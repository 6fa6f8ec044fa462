import { REDACTED, isSecretKey, redactSecrets, redactText } from './redact';

describe('redactSecrets', () => {
  it('should mask secret-named keys at any depth when logging nested objects', () => {
    const input = {
      publicKey: 'abcdefgh',
      apiKeyId: '5c47503320eef5699e1cce8d',
      headers: { authorization: 'Digest username="abcdefgh"', 'x-api-key': 'k', cookie: 'c' },
      key: { privateKey: 'f1e2d3c4-0000-1111-2222-333344445555', password: 'hunter2' },
      integrations: [
        { serviceKey: 's', apiToken: 't', webhookSecret: 'w', opsGenieApiKey: 'o', victorOpsRoutingKey: 'r' },
      ],
      config: { nonceSecret: 'n', databaseUrl: 'postgres://u:p@h/d', ha1: 'deadbeef' },
      parseError: { type: 'entity.parse.failed', body: '{"privateKey": "x"' },
    };
    expect(redactSecrets(input)).toEqual({
      publicKey: 'abcdefgh',
      apiKeyId: '5c47503320eef5699e1cce8d',
      headers: { authorization: REDACTED, 'x-api-key': REDACTED, cookie: REDACTED },
      key: { privateKey: REDACTED, password: REDACTED },
      integrations: [
        {
          serviceKey: REDACTED,
          apiToken: REDACTED,
          webhookSecret: REDACTED,
          opsGenieApiKey: REDACTED,
          victorOpsRoutingKey: REDACTED,
        },
      ],
      config: { nonceSecret: REDACTED, databaseUrl: REDACTED, ha1: REDACTED },
      parseError: { type: 'entity.parse.failed', body: REDACTED },
    });
  });

  it('should mask the password of a URL when it appears inside text', () => {
    expect(redactText('connect ECONNREFUSED postgres://postgres:s3cret@127.0.0.1:5432/dms')).toBe(
      `connect ECONNREFUSED postgres://postgres:${REDACTED}@127.0.0.1:5432/dms`,
    );
    expect(redactText('http://localhost:8080/api/public/v1.0/orgs')).toBe(
      'http://localhost:8080/api/public/v1.0/orgs',
    );
  });

  it('should turn errors into plain objects with masked fields when an error is logged', () => {
    const error = Object.assign(new Error('failed for postgres://a:b@h/d'), { code: '28P01', password: 'x' });
    const out = redactSecrets({ err: error }) as { err: Record<string, unknown> };
    expect(out.err).toMatchObject({
      type: 'Error',
      message: `failed for postgres://a:${REDACTED}@h/d`,
      code: '28P01',
      password: REDACTED,
    });
    expect(String(out.err.stack)).not.toContain('a:b@');
  });

  it('should drop the bound values of a failed query when TypeORM reports it', () => {
    const error = Object.assign(new Error('duplicate key'), {
      query: 'INSERT INTO "api_keys"("ha1_md5") VALUES ($1)',
      parameters: ['0cc175b9c0f1b6a831c399e269772661'],
    });
    const out = redactSecrets(error) as Record<string, unknown>;
    expect(out).toMatchObject({
      query: 'INSERT INTO "api_keys"("ha1_md5") VALUES ($1)',
      parameters: REDACTED,
    });
    expect(JSON.stringify(out)).not.toContain('0cc175b9c0f1b6a831c399e269772661');
  });

  it('should survive cycles when an object refers to itself', () => {
    const node: Record<string, unknown> = { name: 'n' };
    node.self = node;
    expect(redactSecrets(node)).toEqual({ name: 'n', self: '[Circular]' });
  });

  it('should keep identifiers that only look like key names when they are not secrets', () => {
    expect(['publicKey', 'apiKeyId', 'groupId', 'keyName'].filter(isSecretKey)).toEqual([]);
  });
});
