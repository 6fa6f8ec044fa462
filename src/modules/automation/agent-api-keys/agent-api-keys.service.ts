import { Injectable } from '@nestjs/common';
import { Transactional, TransactionHost } from '@nestjs-cls/transactional';
import { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import type { Principal } from '../../../platform/auth/principal';
import { Clock } from '../../../platform/clock/clock';
import { EventPublisher } from '../../../platform/events/event-publisher';
import { isObjectId, newObjectId } from '../../../platform/ids/object-id';
import { AutomationErrors } from '../automation.errors';
import { AutomationEventTypes } from '../automation.events';
import { ProjectScope } from '../../../platform/auth/project-scope';
import { AgentApiKeyEntity } from './agent-api-key.entity';
import { toAgentApiKeyResponse } from './agent-api-key.mapper';
import { agentKeyTail, generateAgentKey, hashAgentKey, matchesAnyHash } from './agent-key-secrets';
import type { AgentApiKeyResponse } from './dto/agent-api-key.response';
import type { CreateAgentApiKeyRequest } from './dto/create-agent-api-key.request';

// Project agent API keys: the password of the agent API's Basic authentication (user = project id).
@Injectable()
export class AgentApiKeysService {
  constructor(
    private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>,
    private readonly scope: ProjectScope,
    private readonly events: EventPublisher,
    private readonly clock: Clock,
  ) {}

  // The product answers a bare array, not a paginated envelope.
  async list(groupId: string): Promise<AgentApiKeyResponse[]> {
    await this.scope.orgOf(groupId);
    const keys = await this.repository().find({ where: { groupId }, order: { created: 'ASC', id: 'ASC' } });
    return keys.map((key) => toAgentApiKeyResponse(key));
  }

  @Transactional()
  async create(
    groupId: string,
    request: CreateAgentApiKeyRequest,
    principal: Principal,
  ): Promise<AgentApiKeyResponse> {
    const orgId = await this.scope.orgOf(groupId);
    const now = this.clock.now();
    const key = generateAgentKey();
    const entity: AgentApiKeyEntity = {
      id: newObjectId(now),
      groupId,
      description: request.desc,
      keyHash: hashAgentKey(key),
      keyTail: agentKeyTail(key),
      created: now,
      createdBy: 'PUBLIC_API',
      createdUserId: principal.id,
      createdIpAddr: principal.remoteAddress || null,
    };
    await this.repository().insert(entity);
    await this.events.publish({
      eventTypeName: AutomationEventTypes.AGENT_API_KEY_CREATED,
      orgId,
      groupId,
      raw: { agentApiKeyId: entity.id, desc: entity.description },
      occurredAt: now,
    });
    return toAgentApiKeyResponse(entity, key);
  }

  @Transactional()
  async delete(groupId: string, agentApiKeyId: string): Promise<void> {
    const orgId = await this.scope.orgOf(groupId);
    const removed = isObjectId(agentApiKeyId)
      ? await this.repository().delete({ id: agentApiKeyId, groupId })
      : { affected: 0 };
    if (!removed.affected) throw AutomationErrors.AGENT_API_KEY_NOT_FOUND(agentApiKeyId, groupId);
    await this.events.publish({
      eventTypeName: AutomationEventTypes.AGENT_API_KEY_DELETED,
      orgId,
      groupId,
      raw: { agentApiKeyId },
      occurredAt: this.clock.now(),
    });
  }

  // For the agent API: is `presentedKey` one of this project's keys? Keys are read on every call, so a
  // deleted key stops working at once on every instance.
  async verify(groupId: string, presentedKey: string): Promise<boolean> {
    if (!isObjectId(groupId)) return false;
    const keys = await this.repository().find({ select: { keyHash: true }, where: { groupId } });
    return matchesAnyHash(
      presentedKey,
      keys.map((key) => key.keyHash),
    );
  }

  private repository() {
    return this.txHost.tx.getRepository(AgentApiKeyEntity);
  }
}
