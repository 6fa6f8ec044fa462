import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { Credential, CredentialDirectory, Principal } from '../../../platform/auth/principal';
import { parseCidr } from '../../../platform/net/cidr';
import { CredentialsService } from '../../identity';
import { AccessListEntryEntity } from '../entries/access-list-entry.entity';
import { GlobalAccessListEntryEntity } from '../global-access-list/global-access-list-entry.entity';
import { AccessListUsageWriter } from './access-list-usage.writer';

// Owner ids are 24-character object ids; this one matches no entry.
const NO_OWNER = { kind: 'USER', id: '' } as const;

// What Digest authentication needs about a caller: identity's credential plus this context's list.
// Runs outside any transaction (before routing), so it uses the plain repository.
@Injectable()
export class AccessListCredentialDirectory extends CredentialDirectory {
  constructor(
    private readonly credentials: CredentialsService,
    @InjectRepository(AccessListEntryEntity) private readonly entries: Repository<AccessListEntryEntity>,
    @InjectRepository(GlobalAccessListEntryEntity)
    private readonly globalEntries: Repository<GlobalAccessListEntryEntity>,
    private readonly usage: AccessListUsageWriter,
  ) {
    super();
  }

  // An unknown name runs the same two statements as a known one (the list of an owner that cannot
  // exist), so the time of a 401 does not tell whether the name exists.
  async findByName(name: string): Promise<Credential | null> {
    const credential = await this.credentials.findByName(name);
    const rows = await this.entries.find({
      select: { cidrBlock: true },
      where: credential
        ? { ownerKind: credential.principal.kind, ownerId: credential.principal.id }
        : { ownerKind: NO_OWNER.kind, ownerId: NO_OWNER.id },
    });
    if (!credential) return null;
    const accessList = mostSpecificFirst(rows.map((row) => row.cidrBlock));
    const { kind, orgId } = credential.principal;
    if (kind !== 'API_KEY' || orgId !== undefined) return { ...credential, accessList };
    const global = await this.globalEntries.find({ select: { cidrBlock: true } });
    return { ...credential, accessList, globalAccessList: global.map((row) => row.cidrBlock) };
  }

  // Bookkeeping of the entry that admitted a protected request (the product's access list entry).
  async recordAccess(principal: Principal, matchedCidr: string): Promise<void> {
    await this.usage.recordUse(principal, matchedCidr);
  }
}

// A matcher that stops at the first containing block then credits the most specific entry.
function mostSpecificFirst(blocks: string[]): string[] {
  const prefix = (block: string): number => parseCidr(block)?.prefix ?? -1;
  return [...blocks].sort((a, b) => prefix(b) - prefix(a));
}
