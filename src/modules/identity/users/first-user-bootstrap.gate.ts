import { Injectable } from '@nestjs/common';
import { TransactionHost } from '@nestjs-cls/transactional';
import { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import type { ApiError } from '../../../platform/http/api-error';
import { FirstUserGate } from '../../../platform/auth/first-user-gate';
import { IdentityErrors } from '../identity.errors';
import { UserEntity } from './user.entity';

// The last global owner cannot be removed, so once a user is found one always exists: the answer is
// kept for the life of the process and every later `POST /unauth/users` is refused without a database
// round trip. While none exists each call asks (one indexed probe); the service still decides under its lock, this only refuses early.
@Injectable()
export class FirstUserBootstrapGate extends FirstUserGate {
  private closed = false;

  constructor(private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>) {
    super();
  }

  async refusal(): Promise<ApiError | undefined> {
    if (!this.closed) this.closed = await this.txHost.tx.getRepository(UserEntity).exists();
    return this.closed ? IdentityErrors.INVITATION_ONLY_MODE_OR_LDAP() : undefined;
  }
}
