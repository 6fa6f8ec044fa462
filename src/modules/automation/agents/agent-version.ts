// Compares agent versions such as `107.0.0.8465-1` field by field: numeric fields as numbers, others
// as text, a missing field as 0. Negative when `a` is older than `b`.
export function compareVersions(a: string, b: string): number {
  const left = fieldsOf(a);
  const right = fieldsOf(b);
  for (let i = 0; i < Math.max(left.length, right.length); i++) {
    const x = left[i] ?? '0';
    const y = right[i] ?? '0';
    const order = /^\d+$/.test(x) && /^\d+$/.test(y) ? compareNumeric(x, y) : x.localeCompare(y);
    if (order !== 0) return order < 0 ? -1 : 1;
  }
  return 0;
}

function fieldsOf(version: string): string[] {
  return version.split(/[^0-9A-Za-z]+/).filter((field) => field !== '');
}

function compareNumeric(x: string, y: string): number {
  const a = x.replace(/^0+(?=\d)/, '');
  const b = y.replace(/^0+(?=\d)/, '');
  return a.length !== b.length ? a.length - b.length : a.localeCompare(b);
}
