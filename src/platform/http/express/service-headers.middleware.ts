import type { NextFunction, Response } from 'express';
import type { AppConfig } from '../../config/app-config';
import { envelopeBody } from '../envelope';
import { outputOptions, sendJson, type PipelineRequest } from './json-response';

// Nest's adapter answers a handler's result and the error filter's body through res.json; only a
// result (a status below 400) gets the envelope. One function for every response (no closure each).
function jsonThroughSendJson(this: Response, body: unknown): Response {
  const req = this.req as PipelineRequest;
  return sendJson(
    req,
    this,
    outputOptions(req).envelope && this.statusCode < 400 ? envelopeBody(body, this.statusCode) : body,
  );
}

// The product's response headers on every answer, and every JSON body written through sendJson.
export function serviceHeadersMiddleware(
  config: Pick<AppConfig, 'gitHash' | 'versionString'>,
): (req: PipelineRequest, res: Response, next: NextFunction) => void {
  const versionHeader = `gitHash=${config.gitHash}; versionString=${config.versionString}`;
  // setHeader directly: Express's res.set adds nothing for these names but a loop and String() each.
  return (req, res, next) => {
    res.setHeader('Vary', 'Accept-Encoding');
    res.setHeader('Strict-Transport-Security', 'max-age=300');
    res.setHeader('X-Vendor-Service-Version', versionHeader);
    res.setHeader('X-MongoDB-Service-Version', versionHeader);
    res.setHeader('X-Request-Id', req.requestId ?? '');
    res.json = jsonThroughSendJson;
    next();
  };
}
