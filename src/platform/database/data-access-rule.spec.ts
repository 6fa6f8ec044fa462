import { join } from 'node:path';
import * as ts from 'typescript';
import { literalText, scanSyntax, sourceFilesOf, type Finding } from '../../../test/support/source-scan';

// The data-access rule of docs/architecture.md, enforced: SQL text, `.query(` calls, QueryBuilders,
// `Raw` find operators and prepared reads live only in `*.store.ts` / `*.writer.ts` files, in
// prepared-reads.ts and in the database plumbing listed below. Anything else names a file and a line.

const SRC = join(__dirname, '..', '..');

// Each file here holds SQL for a reason a store cannot serve: it runs before the application
// exists (migrations, the migration runner, the service role, the embedded server), or it is the
// database layer the stores build on (a LISTEN connection, advisory locks, the prepared reads).
const PLUMBING = new Set([
  'platform/database/prepared-reads.ts',
  'platform/database/advisory-lock.ts',
  'platform/database/channel-listener.ts',
  'platform/database/embedded-postgres.ts',
  'platform/database/migrate.ts',
  'platform/database/service-role.ts',
]);

function allowed(file: string): boolean {
  return (
    file.endsWith('.store.ts') ||
    file.endsWith('.writer.ts') ||
    file.startsWith('platform/database/migrations/') ||
    PLUMBING.has(file)
  );
}

// Upper-case keywords in statement shapes only, so prose ("Select a project") and HTTP method
// names ('DELETE') never match.
const SQL_TEXT =
  /^\s*(?:SELECT\s[\s\S]*?\bFROM\b|SELECT\s+(?:pg_\w+|set_config|1)\b|INSERT\s+INTO\b|UPDATE\s+\S+\s+SET\b|DELETE\s+FROM\b|WITH\s+\w+\s+AS\s*\(|(?:CREATE|DROP|ALTER|TRUNCATE)\s+(?:TABLE|INDEX|ROLE|DATABASE|SCHEMA|TYPE|VIEW)\b|LISTEN\s|NOTIFY\s|SET\s+(?:LOCAL\s+)?ROLE\b|GRANT\s|REVOKE\s|LOCK\s+TABLE\b)/;

// Method calls that carry SQL: raw statements, QueryBuilders (their where/orderBy/join take SQL
// fragments) and the prepared reads' statement definitions.
const SQL_CALLS = new Set(['query', 'createQueryBuilder']);
const SQL_IMPORTS: Array<[RegExp, string]> = [
  [/platform\/database\/prepared-reads$/, 'imports PreparedReads (a statement definition is SQL)'],
];

export function scanSource(file: string, text: string): Finding[] {
  return scanSyntax(file, text, (node, report) => {
    const literal = literalText(node);
    if (literal !== undefined && SQL_TEXT.test(literal)) {
      report(`SQL text ${JSON.stringify(literal.trim().slice(0, 60))}`);
      return true;
    }
    if (ts.isCallExpression(node)) {
      const callee = node.expression;
      if (ts.isPropertyAccessExpression(callee) && SQL_CALLS.has(callee.name.text)) {
        report(`.${callee.name.text}(...) call`);
      }
      if (ts.isIdentifier(callee) && callee.text === 'Raw') report('Raw(...) find operator');
    }
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      for (const [pattern, what] of SQL_IMPORTS) {
        if (pattern.test(node.moduleSpecifier.text)) report(what);
      }
      if (node.importClause) {
        const names = node.importClause.namedBindings;
        if (names && ts.isNamedImports(names) && names.elements.some((e) => e.name.text === 'Raw')) {
          if (node.moduleSpecifier.text === 'typeorm') report('imports the Raw find operator');
        }
      }
      return true;
    }
    return false;
  });
}

describe('data-access rule: SQL only in stores, writers and the database plumbing', () => {
  it('finds no SQL, .query( call, QueryBuilder, Raw operator or prepared read anywhere else in src', () => {
    const findings = sourceFilesOf(SRC).flatMap(({ path, text }) =>
      allowed(path) ? [] : scanSource(`src/${path}`, text),
    );
    const report = findings.map((f) => `  ${f.file}:${f.line}  ${f.what}`).join('\n');
    if (findings.length > 0) {
      throw new Error(
        `SQL outside a *.store.ts / *.writer.ts file (docs/architecture.md, "The data-access rule"); ` +
          `move it into a store or writer of the same context:\n${report}`,
      );
    }
    expect(findings).toEqual([]);
  });

  // The scanner itself must catch what it claims to, or the test above could pass by seeing nothing.
  it.each([
    ['const rows = await this.txHost.tx.query(sql, []);', '.query(...) call'],
    ["repo.createQueryBuilder('p').where('p.id = :id', { id });", '.createQueryBuilder(...) call'],
    ['const s = `SELECT id FROM hosts WHERE group_id = ${g}`;', 'SQL text'],
    ["const s = 'INSERT INTO t (a) VALUES ($1)';", 'SQL text'],
    ["const s = '  DELETE FROM t WHERE a = $1';", 'SQL text'],
    ["const s = 'UPDATE alerts SET status = $1';", 'SQL text'],
    ["const s = 'WITH picked AS (SELECT 1) SELECT * FROM picked';", 'SQL text'],
    ["const s = 'SET LOCAL ROLE NONE';", 'SQL text'],
    ['const s = `DROP TABLE ${name}`;', 'SQL text'],
    ["import { Raw } from 'typeorm';", 'imports the Raw find operator'],
    ["import { PreparedReads } from '../../../platform/database/prepared-reads';", 'imports PreparedReads'],
  ])('flags %s', (code, what) => {
    const findings = scanSource('src/example.service.ts', code);
    expect(findings.map((f) => f.what).join(' | ')).toContain(what);
    expect(findings[0]).toMatchObject({ file: 'src/example.service.ts', line: 1 });
  });

  it.each([
    ["const method = 'DELETE';"],
    ["throw new Error('Select a project from the list');"],
    ["const label = 'UPDATE';"],
    ['const query = request.query;'],
  ])('leaves %s alone', (code) => {
    expect(scanSource('src/example.service.ts', code)).toEqual([]);
  });
});
