import { basename, join } from 'node:path';
import * as ts from 'typescript';
import { literalText, scanSyntax, sourceFilesOf, type Finding } from '../../../test/support/source-scan';

// The locking rule of docs/architecture.md, enforced: advisory-lock keys are built, and the locks taken, only
// in a context's `<context>.locks.ts` (through platform/database/advisory-lock.ts), so one file per context
// lists every key it locks; and no fixed numeric key is used twice.

const SRC = join(__dirname, '..', '..');

// The database layer itself: the lock functions, and the migration runner's session lock, taken before the
// application (and any context) exists.
const PLUMBING = new Set(['platform/database/advisory-lock.ts', 'platform/database/migrate.ts']);

const LOCK_SQL = /pg_(?:try_)?advisory|hashtext/i;
const ADVISORY_LOCK_MODULE = /platform\/database\/advisory-lock$/;

function isLocksFile(file: string): boolean {
  return basename(file).endsWith('.locks.ts');
}

export function scanSource(file: string, text: string): Finding[] {
  return scanSyntax(file, text, (node, report) => {
    const literal = literalText(node);
    if (literal !== undefined && LOCK_SQL.test(literal)) {
      report(`advisory-lock SQL ${JSON.stringify(literal.trim().slice(0, 60))}`);
      return true;
    }
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      if (ADVISORY_LOCK_MODULE.test(node.moduleSpecifier.text) && !isLocksFile(file)) {
        report('imports platform/database/advisory-lock outside a *.locks.ts file');
      }
      return true;
    }
    return false;
  });
}

// The numeric literals a file gives to top-level constants (the fixed keys of a *.locks.ts file).
export function fixedKeys(file: string, text: string): Array<{ file: string; key: number }> {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  return source.statements
    .filter(ts.isVariableStatement)
    .flatMap((statement) =>
      statement.declarationList.declarations.flatMap((declaration) =>
        declaration.initializer && ts.isNumericLiteral(declaration.initializer)
          ? [{ file, key: Number(declaration.initializer.text) }]
          : [],
      ),
    );
}

const checked = () =>
  sourceFilesOf(SRC).filter(
    ({ path }) => !PLUMBING.has(path) && !path.startsWith('platform/database/migrations/'),
  );

describe('locking rule: advisory-lock keys only in <context>.locks.ts', () => {
  it('should find no advisory-lock SQL or lock call outside the *.locks.ts files when src is scanned', () => {
    const findings = checked().flatMap(({ path, text }) => scanSource(`src/${path}`, text));
    const report = findings.map((f) => `  ${f.file}:${f.line}  ${f.what}`).join('\n');
    if (findings.length > 0) {
      throw new Error(
        `an advisory lock taken outside a <context>.locks.ts file (docs/architecture.md, "Locks"); ` +
          `add a named lock function to the context's locks file:\n${report}`,
      );
    }
    expect(findings).toEqual([]);
  });

  it('should use each fixed numeric key once when the locks files and the migration runner are read', () => {
    const keys = sourceFilesOf(SRC)
      .filter(({ path }) => isLocksFile(path) || path === 'platform/database/migrate.ts')
      .flatMap(({ path, text }) => fixedKeys(path, text));
    const byKey = new Map<number, string[]>();
    for (const { file, key } of keys) byKey.set(key, [...(byKey.get(key) ?? []), file]);
    const shared = [...byKey].filter(([, files]) => files.length > 1);
    expect(shared).toEqual([]);
    expect(keys.length).toBeGreaterThan(0);
  });

  // The scanner itself must catch what it claims to, or the test above could pass by seeing nothing.
  it.each([
    ["await tx.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [key]);", 'advisory-lock SQL'],
    ["await tx.query(`SELECT pg_advisory_xact_lock(hashtext('x.claim'))`);", 'advisory-lock SQL'],
    ["await tx.query('SELECT pg_try_advisory_lock($1)', [1]);", 'advisory-lock SQL'],
    [
      "import { lockForTransaction } from '../../../platform/database/advisory-lock';",
      'outside a *.locks.ts',
    ],
  ])('should flag %s when it is outside a locks file', (code, what) => {
    const findings = scanSource('src/modules/example/example.service.ts', code);
    expect(findings.map((f) => f.what).join(' | ')).toContain(what);
    expect(findings[0]).toMatchObject({ file: 'src/modules/example/example.service.ts', line: 1 });
  });

  it('should accept the lock functions when a locks file imports them', () => {
    const code = "import { lockForTransaction } from '../../platform/database/advisory-lock';";
    expect(scanSource('src/modules/example/example.locks.ts', code)).toEqual([]);
  });

  it('should report the file of each fixed key when constants are read', () => {
    expect(fixedKeys('a.locks.ts', 'const A = 727_101;\nconst B = `x`;\nconst C = 2;')).toEqual([
      { file: 'a.locks.ts', key: 727101 },
      { file: 'a.locks.ts', key: 2 },
    ]);
  });
});
