import { Injectable } from '@nestjs/common';
import { TransactionHost } from '@nestjs-cls/transactional';
import { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';

export const CREDENTIALS_CHANNEL = 'dms_credentials';

// Announces, inside the caller's transaction, that the credential behind a Digest user name changed.
// Postgres delivers NOTIFY only at commit, to every instance listening, so caches never drop an entry
// for a change that rolled back and never keep one past a committed change.
@Injectable()
export class CredentialChanges {
  constructor(private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>) {}

  async announce(name: string): Promise<void> {
    await this.txHost.tx.query('SELECT pg_notify($1, $2)', [CREDENTIALS_CHANNEL, name]);
  }
}
