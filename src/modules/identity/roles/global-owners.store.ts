import { Injectable } from '@nestjs/common';
import { TransactionHost } from '@nestjs-cls/transactional';
import { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { UserRoleEntity } from '../users/user-role.entity';

// The users holding GLOBAL_OWNER, read in the caller's transaction.
@Injectable()
export class GlobalOwnersStore {
  constructor(private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>) {}

  countOthers(userId: string): Promise<number> {
    return this.txHost.tx
      .getRepository(UserRoleEntity)
      .createQueryBuilder('r')
      .where(
        "r.roleName = 'GLOBAL_OWNER' AND r.orgId IS NULL AND r.groupId IS NULL AND r.userId <> :userId",
        {
          userId,
        },
      )
      .getCount();
  }
}
