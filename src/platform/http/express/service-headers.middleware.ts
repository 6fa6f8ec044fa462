import type { NextFunction, Response } from 'express';
import type { AppConfig } from '../../config/app-config';
import { envelopeBody } from '../envelope';
import { outputOptions, sendJson, type PipelineRequest } from './json-response';

// The product's response headers on every answer, and every JSON body written through sendJson.
export function serviceHeadersMiddleware(
  config: Pick<AppConfig, 'gitHash' | 'versionString'>,
): (req: PipelineRequest, res: Response, next: NextFunction) => void {
  const versionHeader = `gitHash=${config.gitHash}; versionString=${config.versionString}`;
  return (req, res, next) => {
    res.set({
      Vary: 'Accept-Encoding',
      'Strict-Transport-Security': 'max-age=300',
      'X-Vendor-Service-Version': versionHeader,
      'X-MongoDB-Service-Version': versionHeader,
      'X-Request-Id': req.requestId ?? '',
    });
    // Nest's adapter answers a handler's result and the error filter's body through res.json; only a
    // result (a status below 400) gets the envelope.
    res.json = (body: unknown) =>
      sendJson(
        req,
        res,
        outputOptions(req).envelope && res.statusCode < 400 ? envelopeBody(body, res.statusCode) : body,
      );
    next();
  };
}
