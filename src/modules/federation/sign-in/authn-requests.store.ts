import type { EntityManager } from 'typeorm';

// The AuthnRequests this service sent (see the migration FederatedSignIn). Used outside any transaction:
// a request is recorded before the browser leaves for the identity provider, and taken when its answer
// is accepted.
export class AuthnRequestsStore {
  constructor(private readonly manager: EntityManager) {}

  async insert(id: string, identityProviderId: string, issuedAt: Date): Promise<void> {
    await this.manager.query(
      `INSERT INTO federation_authn_requests (id, identity_provider_id, issued_at) VALUES ($1, $2, $3)
       ON CONFLICT (id) DO NOTHING`,
      [id, identityProviderId, issuedAt],
    );
  }

  // The request's issue time, when it was sent to this identity provider after `issuedAfter`.
  async find(id: string, identityProviderId: string, issuedAfter: Date): Promise<Date | null> {
    const rows: Array<{ issued_at: Date }> = await this.manager.query(
      `SELECT issued_at FROM federation_authn_requests
       WHERE id = $1 AND identity_provider_id = $2 AND issued_at > $3`,
      [id, identityProviderId, issuedAfter],
    );
    return rows[0]?.issued_at ?? null;
  }

  // True when this call took it (answered requests are gone, so a second answer finds nothing).
  async take(id: string, identityProviderId: string): Promise<boolean> {
    // TypeORM answers a DELETE with [rows, affected count].
    const [rows]: [unknown[], number] = await this.manager.query(
      `DELETE FROM federation_authn_requests WHERE id = $1 AND identity_provider_id = $2 RETURNING id`,
      [id, identityProviderId],
    );
    return rows.length > 0;
  }

  async deleteIssuedBefore(before: Date): Promise<void> {
    await this.manager.query('DELETE FROM federation_authn_requests WHERE issued_at <= $1', [before]);
  }
}
