import { randomUUID } from 'node:crypto';
import type { INestApplication } from '@nestjs/common';
import { Logger } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { json, type NextFunction, type Request, type Response } from 'express';
import helmet from 'helmet';
import { ClsMiddleware } from 'nestjs-cls';
import { DataSource } from 'typeorm';
import type { AppConfig } from '../../config/app-config';
import { normalizeAddress } from '../../net/cidr';
import { HttpAuthenticator, isPublicPath } from '../../auth/authenticator';
import type { Principal } from '../../auth/principal';
import { ApiError } from '../api-error';
import { errorHeaders } from '../api-error.filter';
import { envelopeBody } from '../envelope';
import { CommonErrors } from '../error-codes';
import { RequestContext, RequestInfo } from '../request-context';
import { rateLimitMiddleware, rateLimitEnabled } from '../rate-limit/rate-limit.middleware';
import { toApiError } from '../to-api-error';

export const BODY_LIMIT_BYTES = 1024 * 1024;

// pretty/envelope: the query's output options, parsed once per request (see outputOptions).
type PipelineRequest = Request & {
  principal?: Principal;
  requestId?: string;
  output?: { pretty: boolean; envelope: boolean };
};

function queryPairs(originalUrl: string): Array<[string, string]> {
  const index = originalUrl.indexOf('?');
  if (index < 0) return [];
  return [...new URLSearchParams(originalUrl.slice(index + 1)).entries()];
}

function pathOf(originalUrl: string): string {
  const index = originalUrl.indexOf('?');
  return index < 0 ? originalUrl : originalUrl.slice(0, index);
}

function outputOptions(
  req: PipelineRequest,
  query?: Array<[string, string]>,
): { pretty: boolean; envelope: boolean } {
  if (req.output) return req.output;
  const pairs = query ?? queryPairs(req.originalUrl);
  req.output = {
    pretty: pairs.some(([key, value]) => key === 'pretty' && value === 'true'),
    envelope: pairs.some(([key, value]) => key === 'envelope' && value === 'true'),
  };
  return req.output;
}

// Serializes every JSON body ourselves: exact `Content-Type: application/json` (no charset suffix,
// as the product's samples show) and `pretty=true` indentation per request.
function sendJson(req: PipelineRequest, res: Response, body: unknown): Response {
  const text = JSON.stringify(body, null, outputOptions(req).pretty ? 2 : undefined) ?? '';
  // Express's res.set (used by Nest's adapter, e.g. in the error filter) appends `; charset=utf-8`.
  const current = res.get('Content-Type');
  if (!current || /^application\/json; charset=utf-8$/i.test(current))
    res.setHeader('Content-Type', 'application/json');
  return res.send(Buffer.from(text, 'utf8'));
}

function writeError(req: Request, res: Response, error: ApiError): void {
  res.status(error.status);
  res.set(errorHeaders(error));
  sendJson(req, res, error.toBody());
}

// Postgres text cannot hold U+0000 and its JSON types refuse lone UTF-16 surrogates: such input
// would reach the database as a driver error (a 500). No resource, parameter or attribute can hold one.
// eslint-disable-next-line no-control-regex -- matching U+0000 is the point
const NOT_STORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

function unstorableInputRefusal(req: Request): ApiError | undefined {
  const path = pathOf(req.originalUrl);
  if (/%00/.test(path)) return CommonErrors.RESOURCE_NOT_FOUND(path.replace(/%00/g, ''));
  for (const [name, value] of queryPairs(req.originalUrl)) {
    if (NOT_STORABLE.test(name) || NOT_STORABLE.test(value))
      return CommonErrors.INVALID_QUERY_PARAMETER(name.replace(new RegExp(NOT_STORABLE, 'g'), ''));
  }
  const pending: Array<[string, unknown]> = [['', req.body as unknown]];
  while (pending.length > 0) {
    const [where, value] = pending.pop() as [string, unknown];
    if (typeof value === 'string' && NOT_STORABLE.test(value))
      return CommonErrors.INVALID_ATTRIBUTE(where || 'body');
    if (value === null || typeof value !== 'object') continue;
    for (const [key, child] of Object.entries(value)) {
      const childPath = where === '' ? key : `${where}.${key}`;
      if (NOT_STORABLE.test(key))
        return CommonErrors.INVALID_ATTRIBUTE(childPath.replace(new RegExp(NOT_STORABLE, 'g'), ''));
      pending.push([childPath, child]);
    }
  }
  return undefined;
}

// Everything Express-specific lives here: CLS entry, response headers, authentication before any
// body is read (curl probes PUT/PATCH with an empty body and must get the 401), JSON parsing.
export function installHttpPipeline(nestApp: INestApplication, config: AppConfig): void {
  const app = nestApp as NestExpressApplication;
  const logger = new Logger('HttpPipeline');
  const context = app.get(RequestContext);
  const authenticator = app.get(HttpAuthenticator);

  app.set('trust proxy', config.trustProxy);
  app.set('etag', false);
  app.disable('x-powered-by');

  app.use(
    new ClsMiddleware({
      generateId: true,
      idGenerator: (req: Request) => {
        const header = req.headers['x-request-id'];
        return typeof header === 'string' && /^[\w.-]{1,64}$/.test(header) ? header : randomUUID();
      },
      setup: (cls, req: PipelineRequest) => {
        const info: RequestInfo = {
          requestId: cls.getId(),
          method: req.method,
          origin: config.publicBaseUrl ?? `${req.protocol}://${req.get('host') ?? 'localhost'}`,
          persistentOrigin: config.publicBaseUrl ?? localOrigin(req),
          path: pathOf(req.originalUrl),
          query: queryPairs(req.originalUrl),
          remoteAddress: req.ip ?? req.socket.remoteAddress ?? '',
        };
        req.requestId = info.requestId;
        outputOptions(req, info.query);
        context.setRequest(info);
      },
    }).use,
  );

  // helmet's defaults, except: HSTS is the product's own (max-age=300, set below), and the JSON API gets
  // the strictest CSP while Swagger UI (/docs) keeps none, as its page needs inline code.
  const apiHeaders = helmet({
    strictTransportSecurity: false,
    contentSecurityPolicy: {
      useDefaults: false,
      directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] },
    },
  });
  const docsHeaders = helmet({ strictTransportSecurity: false, contentSecurityPolicy: false });
  app.use((req: Request, res: Response, next: NextFunction) =>
    /^\/docs(?:[/?.-]|$)/.test(req.originalUrl) ? docsHeaders(req, res, next) : apiHeaders(req, res, next),
  );

  const versionHeader = `gitHash=${config.gitHash}; versionString=${config.versionString}`;
  app.use((req: PipelineRequest, res: Response, next: NextFunction) => {
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
  });

  app.use((req: PipelineRequest, res: Response, next: NextFunction) => {
    const path = pathOf(req.originalUrl);
    if (isPublicPath(path)) return next();
    authenticator
      .authenticate({
        method: req.method,
        uri: req.originalUrl,
        authorization: req.headers.authorization,
        remoteAddress: req.ip ?? req.socket.remoteAddress ?? '',
      })
      .then((outcome) => {
        if (!outcome.ok) return writeError(req, res, outcome.error);
        req.principal = outcome.principal;
        context.setPrincipal(outcome.principal);
        next();
      })
      .catch((error: unknown) => next(error));
  });

  if (rateLimitEnabled(config)) {
    app.use(rateLimitMiddleware(config, app.get(DataSource), (req) => pathOf(req.originalUrl), writeError));
  }

  app.use((req: Request, res: Response, next: NextFunction) => {
    const hasBody =
      Number(req.headers['content-length'] ?? 0) > 0 || req.headers['transfer-encoding'] !== undefined;
    if (hasBody && !req.is(['application/json', 'application/*+json'])) {
      return writeError(
        req,
        res,
        CommonErrors.UNSUPPORTED_MEDIA_TYPE(String(req.headers['content-type'] ?? 'none')),
      );
    }
    next();
  });
  app.use(json({ limit: BODY_LIMIT_BYTES, strict: true, type: ['application/json', 'application/*+json'] }));
  app.use((req: Request, res: Response, next: NextFunction) => {
    const refusal = unstorableInputRefusal(req);
    return refusal ? writeError(req, res, refusal) : next();
  });
  app.use((error: unknown, req: Request, res: Response, next: NextFunction) => {
    if (res.headersSent) return next(error);
    writeError(
      req,
      res,
      toApiError(error, pathOf(req.originalUrl), ({ reference, error: cause }) =>
        logger.error({ msg: 'unexpected error before routing', reference, err: cause }),
      ),
    );
  });
}

// The address and port the connection arrived on, as an origin: what the service itself chose to listen
// on, unlike the Host header or X-Forwarded-Host.
function localOrigin(req: Request): string {
  const address = normalizeAddress(req.socket.localAddress ?? '') ?? 'localhost';
  const host = address.includes(':') ? `[${address}]` : address;
  const scheme = (req.socket as { encrypted?: boolean }).encrypted ? 'https' : 'http';
  return `${scheme}://${host}:${req.socket.localPort ?? 80}`;
}
