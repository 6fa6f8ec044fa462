import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import * as ts from 'typescript';

// The unit specs that hold src to a written rule (data access, locks) read every source file the same way:
// parse it, walk its syntax tree and report a file and line for each node the rule refuses.

export interface Finding {
  file: string;
  line: number;
  what: string;
}

export interface SourceFile {
  // Relative to src, with forward slashes (`platform/database/migrate.ts`).
  path: string;
  text: string;
}

// Every .ts file under `srcDir` but the specs.
export function sourceFilesOf(srcDir: string): SourceFile[] {
  const walk = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) return walk(path);
      return entry.name.endsWith('.ts') && !entry.name.endsWith('.spec.ts') ? [path] : [];
    });
  return walk(srcDir).map((path) => ({
    path: relative(srcDir, path).split(sep).join('/'),
    text: readFileSync(path, 'utf8'),
  }));
}

// The text of a string or template literal (each substitution read as `x`), else undefined.
export function literalText(node: ts.Node): string | undefined {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isTemplateExpression(node)) {
    return node.head.text + node.templateSpans.map((span) => `x${span.literal.text}`).join('');
  }
  return undefined;
}

// Walks `text`; `inspect` reports what it refuses at a node and answers true to skip that node's children.
export function scanSyntax(
  file: string,
  text: string,
  inspect: (node: ts.Node, report: (what: string) => void) => boolean,
): Finding[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const findings: Finding[] = [];
  const visit = (node: ts.Node): void => {
    const report = (what: string): void => {
      const line = source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
      findings.push({ file, line, what });
    };
    if (!inspect(node, report)) ts.forEachChild(node, visit);
  };
  visit(source);
  return findings;
}
