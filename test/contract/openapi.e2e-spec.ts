import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { call } from '../support/digest-client';
import { startTestApp, type TestApp } from '../support/test-app';

const SNAPSHOT = join(__dirname, 'openapi.snapshot.json');
const VALIDATOR = join(__dirname, '..', '..', 'scripts', 'openapi-validate.js');
const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace'];

type Parameter = {
  $ref?: string;
  name?: string;
  in?: string;
  example?: unknown;
  examples?: unknown;
  schema?: { example?: unknown; items?: { example?: unknown } };
};

type Document = {
  info: { version: string; description?: string };
  paths: Record<
    string,
    Record<string, { parameters?: Parameter[]; responses: object; security?: unknown[]; tags?: string[] }>
  >;
};

// The version comes from APP_VERSION; the snapshot is about the API's shape only.
function normalized(document: Document): Document {
  const copy = structuredClone(document);
  copy.info.version = '<APP_VERSION>';
  return copy;
}

describe('GET /docs-json', () => {
  let app: TestApp;
  let document: Document;

  beforeAll(async () => {
    app = await startTestApp();
    const response = await call<Document>('GET', `${app.baseUrl}/docs-json`);
    expect(response.status).toBe(200);
    document = response.body;
  });

  afterAll(async () => {
    await app?.close();
  });

  // The validator (swagger-parser) is ESM-only, which jest cannot load: it runs as the CI script does.
  it('should serve a document that passes the OpenAPI validator when fetched without credentials', () => {
    const dir = mkdtempSync(join(tmpdir(), 'dms-openapi-'));
    try {
      const file = join(dir, 'openapi.json');
      writeFileSync(file, JSON.stringify(document));
      const result = spawnSync(process.execPath, [VALIDATOR, file], { encoding: 'utf8' });
      expect({ status: result.status, stderr: result.stderr }).toEqual({ status: 0, stderr: '' });
      expect(result.stdout).toMatch(/is a valid OpenAPI 3\.\d+\.\d+ document/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('should declare pretty and envelope on every operation when the document is built', () => {
    for (const [path, item] of Object.entries(document.paths)) {
      for (const method of HTTP_METHODS.filter((name) => item[name])) {
        const names = (item[method].parameters ?? []).map(
          (parameter) => parameter.$ref?.split('/').pop() ?? parameter.name,
        );
        expect({ operation: `${method.toUpperCase()} ${path}`, names }).toEqual({
          operation: `${method.toUpperCase()} ${path}`,
          names: expect.arrayContaining(['pretty', 'envelope']),
        });
      }
    }
  });

  it('should document the Digest 401 when an operation needs credentials and none when it is public', () => {
    expect(document.paths['/health'].get.security).toEqual([]);
    expect(document.paths['/health'].get.responses).not.toHaveProperty('401');
    const authenticated = Object.entries(document.paths).filter(([path]) =>
      path.startsWith('/api/public/v1.0/orgs'),
    );
    expect(authenticated.length).toBeGreaterThan(0);
    for (const [, item] of authenticated) {
      for (const method of HTTP_METHODS.filter((name) => item[name])) {
        expect(item[method].responses).toHaveProperty('401', {
          $ref: '#/components/responses/DigestChallenge',
        });
      }
    }
  });

  // Swagger UI shows one section per spelling, so two spellings of a tag split its operations in two.
  it('should spell every tag one way when two tags differ only in case', () => {
    const tags = new Set(
      Object.values(document.paths).flatMap((item) => Object.values(item).flatMap((op) => op.tags ?? [])),
    );
    const spellings = new Map<string, string[]>();
    for (const tag of tags)
      spellings.set(tag.toLowerCase(), [...(spellings.get(tag.toLowerCase()) ?? []), tag]);
    expect([...spellings.values()].filter((names) => names.length > 1)).toEqual([]);
  });

  // Swagger UI pre-fills "Try it out" with a parameter's example: a filter would silently narrow a list
  // (or, on POST /unauth/users, fence the first key to an address), so query parameters carry none.
  it('should give no query parameter an example when Swagger UI would pre-fill it', () => {
    const prefilled: string[] = [];
    for (const [path, item] of Object.entries(document.paths)) {
      for (const method of HTTP_METHODS.filter((name) => item[name])) {
        for (const parameter of item[method].parameters ?? []) {
          if (parameter.in !== 'query') continue;
          const examples = [
            parameter.example,
            parameter.examples,
            parameter.schema?.example,
            parameter.schema?.items?.example,
          ];
          if (examples.some((example) => example !== undefined))
            prefilled.push(`${method.toUpperCase()} ${path} ${parameter.name}`);
        }
      }
    }
    expect(prefilled).toEqual([]);
  });

  it('should tell how to sign in from Swagger UI when its Authorize dialog cannot do Digest', () => {
    expect(document.info.description).toContain("unsupported scheme 'digest'");
    expect(document.info.description).toContain('sign-in prompt');
  });

  it('should match the committed snapshot when the API has not changed (UPDATE_OPENAPI_SNAPSHOT=1 rewrites it)', () => {
    const current = normalized(document);
    if (process.env.UPDATE_OPENAPI_SNAPSHOT === '1') {
      writeFileSync(SNAPSHOT, `${JSON.stringify(current, null, 2)}\n`);
    }
    if (!existsSync(SNAPSHOT)) throw new Error(`${SNAPSHOT} is missing: run with UPDATE_OPENAPI_SNAPSHOT=1`);
    expect(current).toEqual(JSON.parse(readFileSync(SNAPSHOT, 'utf8')));
  });

  it('should serve Swagger UI when /docs is requested', async () => {
    const response = await call('GET', `${app.baseUrl}/docs`);
    expect(response.status).toBe(200);
    expect(String(response.headers['content-type'])).toContain('text/html');
    expect(response.text).toContain('swagger-ui');
  });
});
