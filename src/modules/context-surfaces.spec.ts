import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative, sep } from 'node:path';
import * as ts from 'typescript';

// A context's index.ts is its public surface (docs/architecture.md): it exports only what another
// context, the composition root or a test imports from it. A name nobody outside imports is taken out
// of index.ts, so the surface never grows past what is used.

const ROOT = join(__dirname, '..', '..');

// Relative path (with /) -> source text, for every .ts file under the given folders.
function sources(folders: string[]): Map<string, string> {
  const files = new Map<string, string>();
  for (const folder of folders) {
    for (const entry of readdirSync(join(ROOT, folder), { recursive: true, withFileTypes: true })) {
      if (!entry.isFile() || !entry.name.endsWith('.ts')) continue;
      const path = relative(ROOT, join(entry.parentPath, entry.name)).split(sep).join('/');
      files.set(path, readFileSync(join(ROOT, path), 'utf8'));
    }
  }
  return files;
}

function namesExportedBy(text: string): string[] {
  const source = ts.createSourceFile('index.ts', text, ts.ScriptTarget.Latest);
  return source.statements.flatMap((statement) =>
    ts.isExportDeclaration(statement) && statement.exportClause && ts.isNamedExports(statement.exportClause)
      ? statement.exportClause.elements.map((element) => element.name.text)
      : [],
  );
}

// The context a relative import names through its index (`../identity`, `.../modules/identity/index`).
function contextImported(file: string, specifier: string): string | undefined {
  if (!specifier.startsWith('.')) return undefined;
  const target = normalize(join(dirname(file), specifier))
    .split(sep)
    .join('/');
  return /^src\/modules\/([a-z-]+)(?:\/index)?$/.exec(target)?.[1];
}

// `<context>: <name>` for every name an index.ts exports that no file outside the context imports.
export function unusedSurface(files: Map<string, string>): string[] {
  const imported = new Set<string>();
  for (const [file, text] of files) {
    // Only the import statements are parsed: the whole tree at once stays quick.
    const imports = text.match(/^import\b[^;]*;/gm)?.join('\n') ?? '';
    const source = ts.createSourceFile(file, imports, ts.ScriptTarget.Latest);
    for (const statement of source.statements) {
      if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier)) continue;
      const context = contextImported(file, statement.moduleSpecifier.text);
      const bindings = statement.importClause?.namedBindings;
      if (context === undefined || file.startsWith(`src/modules/${context}/`)) continue;
      if (bindings === undefined || !ts.isNamedImports(bindings)) continue;
      for (const element of bindings.elements) {
        imported.add(`${context}: ${(element.propertyName ?? element.name).text}`);
      }
    }
  }
  const unused: string[] = [];
  for (const [file, text] of files) {
    const context = /^src\/modules\/([a-z-]+)\/index\.ts$/.exec(file)?.[1];
    if (context === undefined) continue;
    for (const name of namesExportedBy(text)) {
      if (!imported.has(`${context}: ${name}`)) unused.push(`${context}: ${name}`);
    }
  }
  return unused.sort();
}

describe('context surfaces (index.ts)', () => {
  it('should name an exported name when nothing outside its context imports it', () => {
    const files = new Map([
      [
        'src/modules/a/index.ts',
        "export { AService, type AInput } from './a.service';\nexport { A_EVENTS } from './a.events';",
      ],
      ['src/modules/a/a.listener.ts', "import { A_EVENTS } from './index';"],
      ['src/modules/b/b.service.ts', "import { AService } from '../a';"],
      ['test/e2e/a/a.e2e-spec.ts', "import { type AInput as Input } from '../../../src/modules/a/index';"],
    ]);
    expect(unusedSurface(files)).toEqual(['a: A_EVENTS']);
  });

  it('should find every name of every index.ts imported outside its context when the tree is scanned', () => {
    expect(unusedSurface(sources(['src', 'test']))).toEqual([]);
  });
});
