import { Injectable } from '@nestjs/common';
import { PageLinks } from '../../../platform/http/pagination/page-links';
import type { ApiKeyRoleEntity } from './api-key-role.entity';
import type { ApiKeyEntity } from './api-key.entity';
import { apiKeyPath, toApiKeyResponse } from './api-key.mapper';
import { ApiKeyStore } from './api-key.store';
import type { ApiKeyResponse } from './dto/api-key.response';

// API keys as the API prints them: with their roles (read when not given) and their self link.
@Injectable()
export class ApiKeyResponses {
  constructor(
    private readonly store: ApiKeyStore,
    private readonly links: PageLinks,
  ) {}

  async response(key: ApiKeyEntity, fullPrivateKey?: string): Promise<ApiKeyResponse> {
    const roles = (await this.store.rolesOf([key.id])).get(key.id) ?? [];
    return toApiKeyResponse(key, roles, this.links.self(apiKeyPath(key)), fullPrivateKey);
  }

  async responses(keys: ApiKeyEntity[]): Promise<ApiKeyResponse[]> {
    const roles = await this.store.rolesOf(keys.map((key) => key.id));
    return this.withRoles(keys.map((key) => ({ key, roles: roles.get(key.id) ?? [] })));
  }

  withRoles(keys: Array<{ key: ApiKeyEntity; roles: ApiKeyRoleEntity[] }>): ApiKeyResponse[] {
    return keys.map(({ key, roles }) => toApiKeyResponse(key, roles, this.links.self(apiKeyPath(key))));
  }
}
