import type { EntityManager } from 'typeorm';

// Assertions already accepted, by issuer and id (see the migration FederatedSignIn).
export class AssertionUsesStore {
  constructor(private readonly manager: EntityManager) {}

  // False when the assertion was accepted before, on any instance.
  async claim(issuer: string, assertionId: string, expiresAt: Date): Promise<boolean> {
    const rows: unknown[] = await this.manager.query(
      `INSERT INTO federation_assertion_uses (issuer, assertion_id, expires_at) VALUES ($1, $2, $3)
       ON CONFLICT (issuer, assertion_id) DO NOTHING RETURNING assertion_id`,
      [issuer, assertionId, expiresAt],
    );
    return rows.length > 0;
  }

  async deleteExpired(now: Date): Promise<void> {
    await this.manager.query('DELETE FROM federation_assertion_uses WHERE expires_at <= $1', [now]);
  }
}
