import type { INestApplication } from '@nestjs/common';
import { Logger } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { ClsService } from 'nestjs-cls';
import { DataSource } from 'typeorm';
import type { AppConfig } from '../../config/app-config';
import { HttpAuthenticator } from '../../auth/authenticator';
import { AgentKeyCheck } from '../../auth/agent-key-check';
import { FirstUserGate } from '../../auth/first-user-gate';
import { RequestContext } from '../request-context';
import { rateLimitMiddleware, rateLimitEnabled } from '../rate-limit/rate-limit.middleware';
import { agentKeyMiddleware } from './agent-key.middleware';
import { authenticationMiddleware, blockedGuessMiddleware } from './authentication.middleware';
import { firstUserGateMiddleware } from './first-user-gate.middleware';
import { jsonBodyMiddleware } from './json-body.middleware';
import { writeError, type PipelineRequest } from './json-response';
import { mediaTypeMiddleware } from './media-type.middleware';
import { middlewareChain, type Middleware } from './middleware-chain';
import { preRoutingErrorsMiddleware } from './pre-routing-errors.middleware';
import { publicBodyIgnored } from './public-bodies';
import { requestContextMiddleware, requestIdMiddleware } from './request-context.middleware';
import { pathOf } from './request-url';
import { securityHeadersMiddleware } from './security-headers.middleware';
import { serviceHeadersMiddleware } from './service-headers.middleware';
import { isSsoFormRequest, ssoFormMiddleware } from './sso-form.middleware';
import { unstorableInputMiddleware } from './unstorable-input.middleware';

// Everything Express-specific, in order: the request id and response headers, the refusal of a blocked
// guesser, CLS entry, authentication (Digest, and the agent API's keys) before any body is read, rate
// limits, the closed first-user bootstrap, the media type (or the form of the federated sign-in's ACS),
// JSON parsing (per-route byte limit, then the shape of the raw bytes; never for a public route that
// takes no body), unstorable input, errors raised before routing.
export function installHttpPipeline(nestApp: INestApplication, config: AppConfig): void {
  const app = nestApp as NestExpressApplication;
  const logger = new Logger('HttpPipeline');
  const context = app.get(RequestContext);

  app.set('trust proxy', config.trustProxy);
  app.set('etag', false);
  app.disable('x-powered-by');

  // One Express layer for the steps before routing (see middlewareChain); the error handler stays its own.
  // The response headers come before the refusal of a blocked guesser, which needs them and nothing else.
  const authenticator = app.get(HttpAuthenticator);
  const steps: Array<Middleware<PipelineRequest>> = [
    requestIdMiddleware(),
    securityHeadersMiddleware(),
    serviceHeadersMiddleware(config),
    blockedGuessMiddleware(authenticator),
    requestContextMiddleware(config, app.get(ClsService)),
    authenticationMiddleware(authenticator, context),
    agentKeyMiddleware(app.get(AgentKeyCheck, { strict: false }), writeError),
  ];
  if (rateLimitEnabled(config)) {
    steps.push(
      rateLimitMiddleware(config, app.get(DataSource), (req) => pathOf(req.originalUrl), writeError),
    );
  }
  steps.push(
    firstUserGateMiddleware(app.get(FirstUserGate, { strict: false }), writeError),
    formOr(ssoFormMiddleware(), mediaTypeMiddleware()),
    bodyUnlessIgnored(jsonBodyMiddleware(config)),
    unstorableInputMiddleware(),
  );
  app.use(middlewareChain(steps));
  app.use(
    preRoutingErrorsMiddleware(({ reference, error }) =>
      logger.error({ msg: 'unexpected error before routing', reference, err: error }),
    ),
  );
}

// The federated sign-in's ACS reads a form; every other route a JSON body.
function formOr(
  form: Middleware<PipelineRequest>,
  other: Middleware<PipelineRequest>,
): Middleware<PipelineRequest> {
  return (req, res, next) => (isSsoFormRequest(req) ? form(req, res, next) : other(req, res, next));
}

function bodyUnlessIgnored(parse: Middleware<PipelineRequest>): Middleware<PipelineRequest> {
  return (req, res, next) => (publicBodyIgnored(pathOf(req.originalUrl)) ? next() : parse(req, res, next));
}
