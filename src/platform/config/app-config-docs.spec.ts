import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadConfig, SETTINGS, type AppConfig } from './app-config';

// docs/operations.md documents the configuration in the tables of its "Configuration" section (first
// column: the variables of a row, in backticks; second: their default). Every declared variable has a row,
// every row names declared variables, and a default written as a value is the one the loader applies.

interface DocumentedRow {
  variables: string[];
  fallback: string;
}

function documentedRows(): DocumentedRow[] {
  const doc = readFileSync(join(__dirname, '..', '..', '..', 'docs', 'operations.md'), 'utf8');
  const section = /\n## Configuration\n([\s\S]*?)\n## /.exec(doc)?.[1] ?? '';
  const rows: DocumentedRow[] = [];
  let inTable = false;
  for (const line of section.split('\n')) {
    if (/^\| Variable \| Default \|/.test(line)) inTable = true;
    else if (!line.startsWith('|')) inTable = false;
    else if (inTable && !line.startsWith('|---')) {
      const [, variables, fallback] = line.split('|').map((cell) => cell.trim());
      rows.push({ variables: [...variables.matchAll(/`([A-Z0-9_]+)`/g)].map((m) => m[1]), fallback });
    }
  }
  return rows;
}

const declared = Object.values(SETTINGS).map((setting) => setting.env);
const rows = documentedRows();
const defaults = loadConfig({});

function defaultOf(variable: string): unknown {
  const key = (Object.keys(SETTINGS) as Array<keyof AppConfig>).find((k) => SETTINGS[k].env === variable);
  return key === undefined ? undefined : defaults[key];
}

// How the documentation may write a default: a literal in backticks, `unset`, or `empty` for a list.
function spellings(value: unknown): string[] {
  if (value === undefined) return ['unset'];
  if (Array.isArray(value)) return value.length === 0 ? ['empty', 'unset'] : [`\`${value.join(',')}\``];
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') {
    return [`\`${String(value)}\``];
  }
  return [JSON.stringify(value)];
}

describe('docs/operations.md configuration tables', () => {
  it('should document every declared variable', () => {
    const documented = new Set(rows.flatMap((row) => row.variables));
    expect(declared.filter((variable) => !documented.has(variable))).toEqual([]);
  });

  it('should document no variable the configuration does not declare', () => {
    const stale = rows.flatMap((row) => row.variables).filter((variable) => !declared.includes(variable));
    expect(stale).toEqual([]);
  });

  it('should give each variable one row', () => {
    const all = rows.flatMap((row) => row.variables);
    expect(all.filter((variable, index) => all.indexOf(variable) !== index)).toEqual([]);
  });

  it('should state the default the loader applies when the documented default is a value', () => {
    const wrong: string[] = [];
    for (const { variables, fallback } of rows) {
      // A default written as a formula of other variables is checked by the loader's own specs.
      if (/`[^`]*[A-Z_]{4,}[^`]*`/.test(fallback)) continue;
      const parts = variables.length > 1 && fallback.includes(' / ') ? fallback.split(' / ') : [fallback];
      variables.forEach((variable, index) => {
        const expected = spellings(defaultOf(variable));
        const part = (parts[index] ?? parts[0]).trim();
        if (!expected.some((spelling) => part.startsWith(spelling))) {
          wrong.push(`${variable}: documented ${part}, loaded ${expected[0]}`);
        }
      });
    }
    expect(wrong).toEqual([]);
  });
});
