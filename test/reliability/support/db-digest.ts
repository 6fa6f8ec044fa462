import { Client } from 'pg';

// Tables (and columns) that legitimately change on every authenticated call, whatever its outcome:
// the Digest nonce-count claims and the access list usage counters (count, last_used, last_used_address).
const BOOKKEEPING_TABLES = new Set(['auth_nonce_claims']);
const BOOKKEEPING_COLUMNS: Record<string, string[]> = {
  access_list_entries: ['count', 'last_used', 'last_used_address'],
};

// A digest of every row of every table (events included), so a refused request can be shown to have
// written nothing. Built once as one SQL statement; ~one query per request.
export class DatabaseDigest {
  private statement = '';

  private constructor(private readonly client: Client) {}

  static async open(databaseUrl: string): Promise<DatabaseDigest> {
    const client = new Client({ connectionString: databaseUrl });
    await client.connect();
    const digest = new DatabaseDigest(client);
    await digest.prepare();
    return digest;
  }

  private async prepare(): Promise<void> {
    // Partitioned parents only (relkind p) and plain tables that are not partitions.
    const tables = await this.client.query<{ name: string }>(
      `SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE n.nspname = current_schema() AND c.relkind IN ('r', 'p') AND NOT c.relispartition
        ORDER BY c.relname`,
    );
    const parts: string[] = [];
    for (const { name } of tables.rows) {
      if (BOOKKEEPING_TABLES.has(name) || name === 'migrations') continue;
      const skip = BOOKKEEPING_COLUMNS[name];
      let row = 't';
      if (skip) {
        const columns = await this.client.query<{ column_name: string }>(
          `SELECT column_name FROM information_schema.columns
            WHERE table_schema = current_schema() AND table_name = $1 ORDER BY ordinal_position`,
          [name],
        );
        const kept = columns.rows.map((c) => c.column_name).filter((c) => !skip.includes(c));
        row = `ROW(${kept.map((c) => `t."${c}"`).join(', ')})`;
      }
      parts.push(
        `SELECT '${name}' AS name, count(*)::int AS rows, ` +
          `md5(coalesce(string_agg(md5(${row}::text), '' ORDER BY md5(${row}::text)), '')) AS hash FROM "${name}" t`,
      );
    }
    this.statement = parts.join(' UNION ALL ');
  }

  // table name -> "<rows>:<hash>"
  async snapshot(): Promise<Map<string, string>> {
    const result = await this.client.query<{ name: string; rows: number; hash: string }>(this.statement);
    return new Map(result.rows.map((r) => [r.name, `${r.rows}:${r.hash}`]));
  }

  static changedTables(before: Map<string, string>, after: Map<string, string>): string[] {
    return [...after.keys()].filter((name) => before.get(name) !== after.get(name));
  }

  async close(): Promise<void> {
    await this.client.end();
  }
}
