import { readdirSync, readFileSync } from 'node:fs';
import { join, posix } from 'node:path';
import * as ts from 'typescript';
import { literalText, scanSyntax, sourceFilesOf, type Finding } from '../../../test/support/source-scan';

// The data-access rule of docs/architecture.md, enforced: SQL text, `.query(` calls, QueryBuilders,
// `Raw` find operators and prepared reads live only in `*.store.ts` / `*.writer.ts` files, in
// prepared-reads.ts and in the database plumbing listed below. Anything else names a file and a line.
// A store's long statements may sit in SQL text modules, `*.sql.ts` files named after what they hold
// (`delivery-claim.sql.ts`): SQL text only, nothing that runs it, imported by the one store that does.

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

const SQL_TEXT_MODULE = /\.sql\.ts$/;

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

// What the rule refuses in one file (its path relative to src): nothing in a store, writer or the plumbing;
// in an SQL text module, anything but its SQL text.
export function findingsOf(path: string, text: string): Finding[] {
  if (allowed(path)) return [];
  const found = scanSource(`src/${path}`, text);
  return SQL_TEXT_MODULE.test(path) ? found.filter((f) => !f.what.startsWith('SQL text')) : found;
}

describe('data-access rule: SQL only in stores, writers and the database plumbing', () => {
  it('finds no SQL, .query( call, QueryBuilder, Raw operator or prepared read anywhere else in src', () => {
    const findings = sourceFilesOf(SRC).flatMap(({ path, text }) => findingsOf(path, text));
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
    expect(findings[0]).toMatchObject({
      file: 'src/example.service.ts',
      line: 1,
    });
  });

  it.each([
    ["const method = 'DELETE';"],
    ["throw new Error('Select a project from the list');"],
    ["const label = 'UPDATE';"],
    ['const query = request.query;'],
  ])('leaves %s alone', (code) => {
    expect(scanSource('src/example.service.ts', code)).toEqual([]);
  });

  it('lets an SQL text module hold SQL text and nothing that runs it', () => {
    expect(findingsOf('modules/example/example.sql.ts', 'export const S = `SELECT id FROM t`;')).toEqual([]);
    const running = "export const run = (tx: EntityManager) => tx.query('SELECT id FROM t');";
    expect(findingsOf('modules/example/example.sql.ts', running).map((f) => f.what)).toEqual([
      '.query(...) call',
    ]);
  });
});

// One store per table: the SQL naming a table (FROM, JOIN, INTO, UPDATE, DELETE FROM, or a prepared read of
// its entity) lives in one *.store.ts / *.writer.ts file, the table's store; the SQL text modules a store
// imports (`*.sql.ts`) count as part of it. A store that reads several tables together (of its context, or
// of several) is a read model, named `*-read-model.store.ts`: it may read any table and writes none, and
// does not count as a table's store.
const READ_MODEL = /-read-model\.store\.ts$/;

const TABLE_REFERENCE = /\b(?:FROM|JOIN|INTO|UPDATE)\s+"?([a-z_][a-z0-9_]*)"?/g;
const TABLE_WRITE = /\b(?:INSERT\s+INTO|UPDATE|DELETE\s+FROM)\s+"?([a-z_][a-z0-9_]*)"?/g;

// Table names: each entity's (@Entity('name')) and each table a migration creates; entity class -> table.
function knownTables(): { tables: Set<string>; entities: Map<string, string> } {
  const tables = new Set<string>();
  const entities = new Map<string, string>();
  for (const { text } of sourceFilesOf(SRC)) {
    for (const m of text.matchAll(
      /@Entity\(\s*(?:\{\s*name:\s*)?'([a-z_][a-z0-9_]*)'[\s\S]*?export\s+class\s+(\w+)/g,
    )) {
      tables.add(m[1]);
      entities.set(m[2], m[1]);
    }
  }
  const migrations = join(SRC, 'platform', 'database', 'migrations');
  for (const file of readdirSync(migrations)) {
    const text = readFileSync(join(migrations, file), 'utf8');
    for (const m of text.matchAll(
      /CREATE\s+(?:UNLOGGED\s+)?TABLE\s+(?:IF\s+NOT\s+EXISTS\s+)?"?([a-z_][a-z0-9_]*)"?/g,
    )) {
      tables.add(m[1]);
    }
  }
  return { tables, entities };
}

// The tables a file's SQL names, and those it writes.
export function tablesOf(
  file: string,
  text: string,
  known: { tables: Set<string>; entities: Map<string, string> },
): { named: Set<string>; written: Set<string> } {
  const named = new Set<string>();
  const written = new Set<string>();
  scanSyntax(file, text, (node) => {
    const literal = literalText(node);
    if (literal !== undefined) {
      for (const m of literal.matchAll(TABLE_REFERENCE)) if (known.tables.has(m[1])) named.add(m[1]);
      for (const m of literal.matchAll(TABLE_WRITE)) if (known.tables.has(m[1])) written.add(m[1]);
      return true;
    }
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression)) {
      if (['define', 'defineJoined'].includes(node.expression.name.text)) {
        for (const argument of node.arguments.slice(0, 2)) {
          const table = ts.isIdentifier(argument) ? known.entities.get(argument.text) : undefined;
          if (table !== undefined) named.add(table);
        }
      }
    }
    return false;
  });
  return { named, written };
}

// The SQL text modules (`*.sql.ts`) a file imports, as paths relative to src.
export function sqlModulesImportedBy(file: string, text: string): string[] {
  const imported: string[] = [];
  scanSyntax(file, text, (node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const specifier = node.moduleSpecifier.text;
      if (specifier.startsWith('.') && specifier.endsWith('.sql')) {
        imported.push(posix.join(posix.dirname(file), `${specifier}.ts`));
      }
      return true;
    }
    return false;
  });
  return imported;
}

describe('data-access rule: one store per table', () => {
  const known = knownTables();
  const files = sourceFilesOf(SRC);
  const isStore = (path: string): boolean =>
    (path.endsWith('.store.ts') || path.endsWith('.writer.ts')) &&
    !path.startsWith('platform/database/migrations/') &&
    !PLUMBING.has(path);
  const sqlModules = new Map(
    files.filter(({ path }) => SQL_TEXT_MODULE.test(path)).map(({ path, text }) => [path, text]),
  );
  const importersOf = new Map<string, string[]>([...sqlModules.keys()].map((path) => [path, []]));
  for (const { path, text } of files) {
    for (const module of sqlModulesImportedBy(path, text)) {
      importersOf.set(module, [...(importersOf.get(module) ?? []), path]);
    }
  }
  const storesOf = new Map<string, string[]>();
  const readModelWrites: string[] = [];
  for (const { path, text } of files.filter(({ path }) => isStore(path))) {
    const { named, written } = tablesOf(`src/${path}`, text, known);
    for (const module of sqlModulesImportedBy(path, text)) {
      const ofModule = tablesOf(`src/${module}`, sqlModules.get(module) ?? '', known);
      for (const table of ofModule.named) named.add(table);
      for (const table of ofModule.written) written.add(table);
    }
    if (READ_MODEL.test(path)) {
      readModelWrites.push(...[...written].map((table) => `src/${path} writes ${table}`));
      continue;
    }
    for (const table of named) storesOf.set(table, [...(storesOf.get(table) ?? []), `src/${path}`]);
  }

  it('finds the SQL of each table in one store or writer', () => {
    const spread = [...storesOf]
      .filter(([, holders]) => holders.length > 1)
      .map(([table, holders]) => `  ${table}: ${holders.join(', ')}`);
    expect(spread).toEqual([]);
  });

  it('finds each SQL text module imported by one store or writer, and by nothing else', () => {
    const misplaced = [...importersOf]
      .filter(([, importers]) => importers.length !== 1 || !isStore(importers[0]))
      .map(
        ([module, importers]) =>
          `  src/${module}: ${importers.map((i) => `src/${i}`).join(', ') || 'unused'}`,
      );
    expect(misplaced).toEqual([]);
  });

  it('finds no write in a read-model store', () => {
    expect(readModelWrites).toEqual([]);
  });

  it('reads the SQL text modules a store imports', () => {
    const code =
      "import { CLAIM } from './delivery-claim.sql';\nimport { lockClaims } from '../deliveries.locks';";
    expect(sqlModulesImportedBy('modules/deliveries/queue/delivery.store.ts', code)).toEqual([
      'modules/deliveries/queue/delivery-claim.sql.ts',
    ]);
  });

  it.each([
    [
      'const s = `SELECT a.id FROM alerts a JOIN alert_configs c ON c.id = a.alert_config_id`;',
      ['alert_configs', 'alerts'],
      [],
    ],
    ["const s = 'UPDATE alerts SET status = $1';", ['alerts'], ['alerts']],
    ['const s = \'DELETE FROM "api_keys" WHERE id = $1\';', ['api_keys'], ['api_keys']],
    ['this.byId = reads.define(AlertEntity, "WHERE id = $1");', ['alerts'], []],
  ])('reads the tables of %s', (code, named, written) => {
    const found = tablesOf('src/example.store.ts', code, known);
    expect([[...found.named].sort(), [...found.written].sort()]).toEqual([named, written]);
  });
});
