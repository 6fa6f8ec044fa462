import { Injectable } from '@nestjs/common';
import { TransactionHost } from '@nestjs-cls/transactional';
import { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { CredentialChanges } from '../../../platform/auth/credential-changes';
import { SecretBox } from '../../../platform/crypto/secret-box';
import { newObjectId } from '../../../platform/ids/object-id';
import { CredentialNames } from '../credentials/credential-names.store';
import {
  generatePrivateKey,
  generatePublicKey,
  privateKeyTail,
  sealedDigestHashes,
} from '../credentials/secrets';
import type { RoleRow } from '../roles/role-assignment.mapper';
import { ApiKeyRoleEntity } from './api-key-role.entity';
import { ApiKeyEntity } from './api-key.entity';

const PUBLIC_KEY_ATTEMPTS = 10;

export interface IssuedApiKey {
  key: ApiKeyEntity;
  roles: ApiKeyRoleEntity[];
  // Returned to the caller once, never stored.
  privateKey: string;
}

// Creates a key with its roles inside the caller's transaction (org keys and the bootstrap's global key).
@Injectable()
export class ApiKeyIssuer {
  constructor(
    private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>,
    private readonly names: CredentialNames,
    private readonly credentialChanges: CredentialChanges,
    private readonly secrets: SecretBox,
  ) {}

  async issue(
    description: string,
    orgId: string | null,
    roles: RoleRow[],
    ownerUserId: string | null = null,
  ): Promise<IssuedApiKey> {
    const publicKey = await this.reservePublicKey();
    const privateKey = generatePrivateKey();
    const key = await this.txHost.tx.getRepository(ApiKeyEntity).save({
      id: newObjectId(),
      publicKey,
      description,
      orgId,
      ownerUserId,
      ...sealedDigestHashes(this.secrets, publicKey, privateKey),
      privateKeyTail: privateKeyTail(privateKey),
    });
    const savedRoles = await this.txHost.tx.getRepository(ApiKeyRoleEntity).save(
      roles.map((role) => ({
        apiKeyId: key.id,
        roleName: role.roleName,
        orgId: role.orgId,
        groupId: role.groupId,
      })),
    );
    // A cached "unknown name" answer must not outlive the key's creation.
    await this.credentialChanges.announce(publicKey);
    return { key, roles: savedRoles, privateKey };
  }

  private async reservePublicKey(): Promise<string> {
    for (let attempt = 0; attempt < PUBLIC_KEY_ATTEMPTS; attempt++) {
      const candidate = generatePublicKey();
      if (await this.names.reserve(candidate)) return candidate;
    }
    throw new Error('could not allocate a unique public key');
  }
}
