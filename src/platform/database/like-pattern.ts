// A value matched literally by LIKE / ILIKE (whose escape character is the backslash by default): its
// wildcards % and _ and the backslash itself are escaped.
export function likeLiteral(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}
