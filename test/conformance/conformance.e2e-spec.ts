import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

// The black-box conformance suite (`npm run conformance`, scripts/conformance.js) run from jest, so the
// README's test command covers it: the built service, a fresh database, third-party clients only, every
// response checked against /docs-json. One test per scenario.
interface ScenarioResult {
  name: string;
  passed: boolean;
  skipped: string | null;
  error: string | null;
  violations: string[];
}

const root = resolve(__dirname, '../..');
const script = join(root, 'scripts', 'conformance.js');
// A scenario whose client this machine lacks (Python requests) is listed with the reason: its test is
// titled "skipped: ..." and checks that the runner skipped it for that reason and nothing failed.
const listed = JSON.parse(execFileSync(process.execPath, [script, '--list'], { encoding: 'utf8' })) as {
  name: string;
  skipped: string | null;
}[];

describe('conformance: README curl examples, Python requests, the npm Atlas client, Swagger UI in Chromium', () => {
  const dir = mkdtempSync(join(tmpdir(), 'dms-conformance-report-'));
  const reportPath = join(dir, 'report.json');
  let results: ScenarioResult[] = [];
  let output = '';

  beforeAll(async () => {
    // The runner builds nothing; a fresh checkout (`npm ci && npm test`) has no dist/ yet.
    if (!existsSync(join(root, 'dist', 'main.js')))
      execFileSync('npm', ['run', 'build'], { cwd: root, stdio: 'ignore' });
    await new Promise<void>((done, fail) => {
      const child = spawn(process.execPath, [script, '--report', reportPath], {
        cwd: root,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.once('error', fail);
      child.once('close', () => done());
    });
    if (existsSync(reportPath)) results = JSON.parse(readFileSync(reportPath, 'utf8')) as ScenarioResult[];
  }, 300_000);

  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  function resultOf(name: string): ScenarioResult {
    const result = results.find((candidate) => candidate.name === name);
    if (!result) throw new Error(`no result for "${name}"; runner output:\n${output}`);
    if (!result.passed) {
      throw new Error(
        [result.error, ...result.violations.map((v) => `OpenAPI: ${v}`)].filter(Boolean).join('\n'),
      );
    }
    return result;
  }

  for (const { name, skipped } of listed) {
    if (skipped) {
      it(`skipped: ${name}: ${skipped}`, () => {
        expect(resultOf(name).skipped).toBe(skipped);
      });
    } else {
      it(`should pass the scenario: ${name}`, () => {
        expect(resultOf(name)).toMatchObject({ passed: true, skipped: null });
      });
    }
  }
});
