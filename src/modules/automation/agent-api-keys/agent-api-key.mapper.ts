import { maskAgentKey } from './agent-key-secrets';
import type { AgentApiKeyEntity } from './agent-api-key.entity';
import type { AgentApiKeyResponse } from './dto/agent-api-key.response';

export function toAgentApiKeyResponse(key: AgentApiKeyEntity, fullKey?: string): AgentApiKeyResponse {
  const response: AgentApiKeyResponse = {
    _id: key.id,
    id: key.id,
    key: fullKey ?? maskAgentKey(key.keyTail),
    desc: key.description,
    createdTime: key.created.getTime(),
    createdBy: key.createdBy,
  };
  if (key.createdUserId !== null) response.createdUserId = key.createdUserId;
  if (key.createdIpAddr !== null) response.createdIpAddr = key.createdIpAddr;
  return response;
}
