import { randomUUID } from 'node:crypto';
import type { Request } from 'express';
import { ClsMiddleware } from 'nestjs-cls';
import type { AppConfig } from '../../config/app-config';
import type { RequestContext, RequestInfo } from '../request-context';
import { outputOptions, type PipelineRequest } from './json-response';
import { pathOf, queryPairs } from './request-url';

const CALLER_REQUEST_ID = /^[\w.-]{1,64}$/;

// A caller's X-Request-Id is kept when it is short and plain (it ends up in logs and headers).
export function requestIdFrom(header: string | string[] | undefined): string {
  return typeof header === 'string' && CALLER_REQUEST_ID.test(header) ? header : randomUUID();
}

// What the rest of the code may know about the request: its id, origin, path, query and caller address.
export function requestInfoOf(
  req: PipelineRequest,
  requestId: string,
  config: Pick<AppConfig, 'publicBaseUrl'>,
): RequestInfo {
  return {
    requestId,
    method: req.method,
    origin: config.publicBaseUrl ?? `${req.protocol}://${req.get('host') ?? 'localhost'}`,
    path: pathOf(req.originalUrl),
    query: queryPairs(req.originalUrl),
    remoteAddress: req.ip ?? req.socket.remoteAddress ?? '',
  };
}

// Opens the request's continuation-local context (nestjs-cls, initialised by the Nest application)
// and records the request's information in it.
export function requestContextMiddleware(
  config: Pick<AppConfig, 'publicBaseUrl'>,
  context: Pick<RequestContext, 'setRequest'>,
): ClsMiddleware['use'] {
  return new ClsMiddleware({
    generateId: true,
    idGenerator: (req: Request) => requestIdFrom(req.headers['x-request-id']),
    setup: (cls, req: PipelineRequest) => {
      const info = requestInfoOf(req, cls.getId(), config);
      req.requestId = info.requestId;
      outputOptions(req, info.query);
      context.setRequest(info);
    },
  }).use;
}
