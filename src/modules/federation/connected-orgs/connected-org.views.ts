import { Injectable } from '@nestjs/common';
import { TransactionHost } from '@nestjs-cls/transactional';
import { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { In } from 'typeorm';
import { CredentialsService } from '../../identity';
import { RoleMappingEntity } from '../role-mappings/role-mapping.entity';
import type { ConnectedOrgEntity } from './connected-org.entity';
import { toConnectedOrgResponse } from './connected-org.mapper';
import type { ConnectedOrgConfigResponse } from './dto/connected-org.response';
import { userConflicts } from './user-conflicts';

// Builds connected organization responses: their role mappings in one query, and userConflicts from
// the identity context's users of each organization that restricts domains.
@Injectable()
export class ConnectedOrgViews {
  constructor(
    private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>,
    private readonly credentials: CredentialsService,
  ) {}

  async render(configs: readonly ConnectedOrgEntity[]): Promise<ConnectedOrgConfigResponse[]> {
    if (configs.length === 0) return [];
    const mappings = await this.txHost.tx.getRepository(RoleMappingEntity).find({
      where: { orgId: In(configs.map((config) => config.orgId)) },
      order: { seq: 'ASC' },
    });
    const responses: ConnectedOrgConfigResponse[] = [];
    for (const config of configs) {
      const conflicts = config.domainRestrictionEnabled
        ? userConflicts(
            await this.credentials.listOrgUsers(config.orgId),
            config.domainAllowList,
            config.federationSettingsId,
          )
        : null;
      const own = mappings.filter((mapping) => mapping.orgId === config.orgId);
      responses.push(toConnectedOrgResponse(config, own, conflicts));
    }
    return responses;
  }

  async renderOne(config: ConnectedOrgEntity): Promise<ConnectedOrgConfigResponse> {
    const [response] = await this.render([config]);
    return response;
  }
}
