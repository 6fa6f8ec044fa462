import type { DataSource } from 'typeorm';

// The shared record of which instance first saw each nonce used.
export class NonceClaimsStore {
  constructor(private readonly dataSource: DataSource) {}

  // False when another instance (or this one, earlier) claimed the nonce already.
  async claim(nonce: string, instanceId: string, expiresAt: Date): Promise<boolean> {
    const claimed: unknown[] = await this.dataSource.query(
      `INSERT INTO auth_nonce_claims (nonce, instance_id, expires_at) VALUES ($1, $2, $3)
       ON CONFLICT (nonce) DO NOTHING RETURNING nonce`,
      [nonce, instanceId, expiresAt],
    );
    return claimed.length > 0;
  }

  async deleteExpired(now: Date): Promise<void> {
    await this.dataSource.query('DELETE FROM auth_nonce_claims WHERE expires_at < $1', [now]);
  }
}
