import { Injectable } from '@nestjs/common';
import type { ListEnvelope } from '../../../platform/http/pagination/list-envelope';
import { PageLinks } from '../../../platform/http/pagination/page-links';
import type { PageQuery } from '../../../platform/http/pagination/page.query';
import { GLOBAL_ROLE_NAMES } from '../../../platform/auth/role-names';
import { foundKey } from './api-key-rules';
import { ApiKeyResponses } from './api-key-responses';
import { ApiKeyStore } from './api-key.store';
import type { ApiKeyResponse } from './dto/api-key.response';

// Global API keys (no organization; the first user's key is one): read access for global roles.
@Injectable()
export class GlobalApiKeysService {
  constructor(
    private readonly store: ApiKeyStore,
    private readonly responses: ApiKeyResponses,
    private readonly links: PageLinks,
  ) {}

  async list(page: PageQuery): Promise<ListEnvelope<ApiKeyResponse>> {
    const [keys, total] = await this.store.globalPage(page);
    return this.links.list(page, await this.responses.responses(keys), total);
  }

  async get(apiKeyId: string): Promise<ApiKeyResponse> {
    return this.responses.response(foundKey(await this.store.findGlobal(apiKeyId), apiKeyId));
  }

  roles(): string[] {
    return [...GLOBAL_ROLE_NAMES].sort();
  }
}
