import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { parseBasicCredentials } from '../../../platform/auth/basic-credentials';
import { AgentApiKeysService } from '../agent-api-keys/agent-api-keys.service';
import { invalidAgentApiKey } from '../automation.errors';

// The agent API's authentication: HTTP Basic with user = the project id of the path and password = one
// of that project's agent API keys. A key of another project never matches (keys are read per project).
@Injectable()
export class AgentKeyGuard implements CanActivate {
  constructor(private readonly keys: AgentApiKeysService) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context
      .switchToHttp()
      .getRequest<{ headers: Record<string, string | undefined>; params: Record<string, string> }>();
    const groupId = request.params.groupId;
    const credentials = parseBasicCredentials(request.headers.authorization);
    const valid =
      credentials !== undefined &&
      credentials.username === groupId &&
      (await this.keys.verify(groupId, credentials.password));
    if (!valid) throw invalidAgentApiKey(groupId);
    return true;
  }
}
