import type { ApiError } from '../http/api-error';

// Asked by the HTTP pipeline before the body of an agent API request is read: the agent API
// authenticates with a project's agent API key (HTTP Basic, user = the project id), and a caller
// without one must not make the service read and parse up to a megabyte of report. The automation
// context answers; the refusal is its 401.
export abstract class AgentKeyCheck {
  abstract refusal(groupId: string, authorization: string | undefined): Promise<ApiError | undefined>;
}
