import { randomUUID } from 'node:crypto';
import type { NextFunction, Response } from 'express';
import type { ClsService } from 'nestjs-cls';
import type { AppConfig } from '../../config/app-config';
import { requestStore, type RequestInfo } from '../request-context';
import { outputOptions, type PipelineRequest } from './json-response';
import { pathOf, queryPairs } from './request-url';

const CALLER_REQUEST_ID = /^[\w.-]{1,64}$/;

// A caller's X-Request-Id is kept when it is short and plain (it ends up in logs and headers).
export function requestIdFrom(header: string | string[] | undefined): string {
  return typeof header === 'string' && CALLER_REQUEST_ID.test(header) ? header : randomUUID();
}

// What the rest of the code may know about the request: its id, origin, path, query and caller address.
// Plain values only, the origin worked out at once: no closure over `req`. This record lives in the
// request's continuation-local store, which every timer and socket handle created during the request
// keeps (AsyncLocalStorage copies it onto each async resource), some of them for a second or more after
// the answer; through a lazy origin's closure the store held the whole request and response with it, so
// each request's objects outlived two young-generation collections and were promoted, and the old
// generation filled (a mark-compact every ~1.6 s at 400 requests/s).
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

// The request's id, first of all: the response headers carry it, also on an answer refused before the
// request's context is opened (see blockedGuessMiddleware).
export function requestIdMiddleware(): (req: PipelineRequest, res: Response, next: NextFunction) => void {
  return (req, _res, next) => {
    req.requestId = requestIdFrom(req.headers['x-request-id']);
    next();
  };
}

// Opens the request's continuation-local context and records the request's information in it. The
// store is built whole and entered once (ClsService.runWith) rather than through nestjs-cls's
// ClsMiddleware, whose per-request work (plugin hooks, proxy-provider resolution with a dynamic import,
// five awaits) serves features this service does not use: no CLS plugin hooks, no proxy providers.
export function requestContextMiddleware(
  config: Pick<AppConfig, 'publicBaseUrl'>,
  cls: Pick<ClsService, 'runWith'>,
): (req: PipelineRequest, res: Response, next: NextFunction) => void {
  return (req, _res, next) => {
    let store: ReturnType<typeof requestStore>;
    try {
      const info = requestInfoOf(req, req.requestId ?? requestIdFrom(req.headers['x-request-id']), config);
      req.requestId = info.requestId;
      outputOptions(req, info.query);
      store = requestStore(info);
    } catch (error: unknown) {
      return next(error);
    }
    cls.runWith(store, () => next());
  };
}
