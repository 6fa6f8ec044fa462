import { Injectable } from '@nestjs/common';
import { TransactionHost } from '@nestjs-cls/transactional';
import { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';

// Users and API keys share the Digest user-name namespace; a unique row per name keeps them apart.
@Injectable()
export class CredentialNames {
  constructor(private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>) {}

  // False when the name is taken (by a user or by a key).
  async reserve(name: string): Promise<boolean> {
    const rows: unknown[] = await this.txHost.tx.query(
      'INSERT INTO credential_names (name) VALUES ($1) ON CONFLICT DO NOTHING RETURNING name',
      [name],
    );
    return rows.length === 1;
  }

  // A deleted user's name becomes free again.
  async release(name: string): Promise<void> {
    await this.txHost.tx.query('DELETE FROM credential_names WHERE name = $1', [name]);
  }
}
