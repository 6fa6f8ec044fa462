import type { EntityManager } from 'typeorm';

export interface ActiveSession {
  username: string;
  csrfHash: string;
}

// Browser sessions by the SHA-256 hash of their id (see the migration FederatedSignIn).
export class BrowserSessionsStore {
  constructor(private readonly manager: EntityManager) {}

  async insert(row: {
    idHash: string;
    csrfHash: string;
    username: string;
    now: Date;
    expiresAt: Date;
  }): Promise<void> {
    await this.manager.query(
      `INSERT INTO browser_sessions (id_hash, csrf_hash, username, created_at, last_seen_at, expires_at)
       VALUES ($1, $2, $3, $4, $4, $5)`,
      [row.idHash, row.csrfHash, row.username, row.now, row.expiresAt],
    );
  }

  // The session, when neither idle since `idleSince` nor past its absolute expiry; marks it seen now.
  async touch(idHash: string, now: Date, idleSince: Date): Promise<ActiveSession | null> {
    // TypeORM answers an UPDATE with [rows, affected count].
    const [rows]: [Array<{ username: string; csrf_hash: string }>, number] = await this.manager.query(
      `UPDATE browser_sessions SET last_seen_at = $2
       WHERE id_hash = $1 AND expires_at > $2 AND last_seen_at > $3
       RETURNING username, csrf_hash`,
      [idHash, now, idleSince],
    );
    const row = rows[0];
    return row ? { username: row.username, csrfHash: row.csrf_hash } : null;
  }

  async delete(idHash: string): Promise<void> {
    await this.manager.query('DELETE FROM browser_sessions WHERE id_hash = $1', [idHash]);
  }

  async deleteStale(now: Date, idleSince: Date): Promise<void> {
    await this.manager.query('DELETE FROM browser_sessions WHERE expires_at <= $1 OR last_seen_at <= $2', [
      now,
      idleSince,
    ]);
  }
}
