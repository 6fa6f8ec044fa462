import { Injectable } from '@nestjs/common';
import { TransactionHost } from '@nestjs-cls/transactional';
import { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import type { IntegrationType } from './integration-types';

// The stored (already sealed) settings of one integration type of a project, written in the caller's
// transaction.
@Injectable()
export class IntegrationSettingsWriter {
  constructor(private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>) {}

  async upsert(groupId: string, type: IntegrationType, sealed: unknown, now: Date): Promise<void> {
    await this.txHost.tx.query(
      `INSERT INTO integrations (group_id, type, settings, created, updated) VALUES ($1, $2, $3, $4, $4)
       ON CONFLICT (group_id, type) DO UPDATE SET settings = EXCLUDED.settings, updated = EXCLUDED.updated`,
      [groupId, type, JSON.stringify(sealed), now],
    );
  }

  // False when the type is configured already (left as it is).
  async insertIfAbsent(groupId: string, type: IntegrationType, sealed: unknown, now: Date): Promise<boolean> {
    const inserted: unknown[] = await this.txHost.tx.query(
      `INSERT INTO integrations (group_id, type, settings, created, updated) VALUES ($1, $2, $3, $4, $4)
       ON CONFLICT (group_id, type) DO NOTHING RETURNING group_id`,
      [groupId, type, JSON.stringify(sealed), now],
    );
    return inserted.length > 0;
  }
}
