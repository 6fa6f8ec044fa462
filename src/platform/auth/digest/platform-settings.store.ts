import type { DataSource } from 'typeorm';

// Key-value settings the service keeps in its own database, shared by every instance on it.
export async function insertSettingIfAbsent(
  dataSource: DataSource,
  key: string,
  value: string,
): Promise<void> {
  await dataSource.query(
    'INSERT INTO platform_settings (key, value) VALUES ($1, $2) ON CONFLICT (key) DO NOTHING',
    [key, value],
  );
}

export async function readSetting(dataSource: DataSource, key: string): Promise<string> {
  const rows: Array<{ value: string }> = await dataSource.query(
    'SELECT value FROM platform_settings WHERE key = $1',
    [key],
  );
  return rows[0].value;
}

// Replaces the value only if it is still `expected`.
export async function replaceSetting(
  dataSource: DataSource,
  key: string,
  expected: string,
  value: string,
): Promise<void> {
  await dataSource.query('UPDATE platform_settings SET value = $3 WHERE key = $1 AND value = $2', [
    key,
    expected,
    value,
  ]);
}
