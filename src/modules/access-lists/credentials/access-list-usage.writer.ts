import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import type { Principal } from '../../../platform/auth/principal';
import { AccessListEntryEntity } from '../entries/access-list-entry.entity';

// Bookkeeping of the entry that admitted a protected request (the product's access list entry).
// Runs outside any transaction (before routing), so it uses the plain repository.
@Injectable()
export class AccessListUsageWriter {
  constructor(
    @InjectRepository(AccessListEntryEntity) private readonly entries: Repository<AccessListEntryEntity>,
  ) {}

  async recordUse(principal: Principal, matchedCidr: string): Promise<void> {
    await this.entries
      .createQueryBuilder()
      .update(AccessListEntryEntity)
      .set({ count: () => 'count + 1', lastUsed: () => 'now()', lastUsedAddress: principal.remoteAddress })
      .where({ ownerKind: principal.kind, ownerId: principal.id, cidrBlock: matchedCidr })
      .execute();
  }
}
