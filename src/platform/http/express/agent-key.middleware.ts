import type { NextFunction, Request, Response } from 'express';
import type { AgentKeyCheck } from '../../auth/agent-key-check';
import type { ApiError } from '../api-error';
import { pathOf } from './request-url';

// Every route of the agent API: /agents/v1/groups/{groupId}/..., matched as Express matches routes
// (any case, a trailing slash).
export const AGENT_PATH = /^\/agents\/v1\/groups\/([^/]+)(?:\/|$)/i;

// The agent API's key is checked here, before the body is read or parsed, as Digest is for the public
// API: a caller without a key of the project costs one read of the project's key hashes, whatever it
// sends. A group id that is not valid percent-encoding is refused as it came.
export function agentKeyMiddleware(
  check: AgentKeyCheck,
  writeError: (req: Request, res: Response, error: ApiError) => void,
): (req: Request, res: Response, next: NextFunction) => void {
  return (req, res, next) => {
    const match = AGENT_PATH.exec(pathOf(req.originalUrl));
    if (!match) return next();
    let groupId = match[1];
    try {
      groupId = decodeURIComponent(groupId);
    } catch {
      // Kept encoded: no project id has a stray percent sign, so the check refuses it.
    }
    check
      .refusal(groupId, req.headers.authorization)
      .then((refusal) => (refusal ? writeError(req, res, refusal) : next()))
      .catch((error: unknown) => next(error));
  };
}
