import { Injectable } from '@nestjs/common';
import { TransactionHost } from '@nestjs-cls/transactional';
import { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { CredentialCache } from './credential-cache';
import { ALL_CREDENTIALS, notifyCredentialChanged } from './credential-notice.writer';

// Announces, inside the caller's transaction, that the credential behind a Digest user name changed.
// Postgres delivers NOTIFY only at commit, to every instance listening (this one included). The local
// entry is also dropped at once, so the caller's own next request after the commit never reads a
// cached entry from before it, without waiting for the notification to arrive.
@Injectable()
export class CredentialChanges {
  constructor(
    private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>,
    private readonly cache: CredentialCache,
  ) {}

  async announce(name: string): Promise<void> {
    await notifyCredentialChanged(this.txHost.tx, name);
    this.cache.invalidate(name);
  }

  // Every credential may have changed (the global access list applies to every global key).
  async announceAll(): Promise<void> {
    await notifyCredentialChanged(this.txHost.tx, ALL_CREDENTIALS);
    this.cache.invalidateAll();
  }
}
