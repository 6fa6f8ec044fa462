// Name of the agent API's security scheme in the OpenAPI document (registered in platform/http/openapi.ts).
export const AGENT_KEY_SECURITY = 'agentKey';
