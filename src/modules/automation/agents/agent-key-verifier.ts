import { Injectable } from '@nestjs/common';
import { AgentKeyCheck } from '../../../platform/auth/agent-key-check';
import type { ApiError } from '../../../platform/http/api-error';
import { AgentApiKeysService } from '../agent-api-keys/agent-api-keys.service';
import { invalidAgentApiKey } from '../automation.errors';
import { parseBasicCredentials } from '../../../platform/auth/basic-credentials';

// The agent API's authentication: HTTP Basic with user = the project id of the path and password = one
// of that project's agent API keys. A key of another project never matches (keys are read per project).
// Run by the HTTP pipeline before the body is read.
@Injectable()
export class AgentKeyVerifier extends AgentKeyCheck {
  constructor(private readonly keys: AgentApiKeysService) {
    super();
  }

  async refusal(groupId: string, authorization: string | undefined): Promise<ApiError | undefined> {
    const credentials = parseBasicCredentials(authorization);
    const valid =
      credentials !== undefined &&
      credentials.username === groupId &&
      (await this.keys.verify(groupId, credentials.password));
    return valid ? undefined : invalidAgentApiKey(groupId);
  }
}
