import type { DataSource } from 'typeorm';

// The cheapest statement that proves the database answers.
export async function pingDatabase(dataSource: DataSource): Promise<void> {
  await dataSource.query('SELECT 1');
}
