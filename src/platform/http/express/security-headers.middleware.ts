import type { NextFunction, Request, Response } from 'express';
import helmet from 'helmet';

const DOCS_PATH = /^\/docs(?:[/?.-]|$)/;

// helmet's defaults, except: HSTS is the product's own (max-age=300, set by the service headers), and
// the JSON API gets the strictest CSP while Swagger UI (/docs) keeps none, as its page needs inline code.
export function securityHeadersMiddleware(): (req: Request, res: Response, next: NextFunction) => void {
  const apiHeaders = helmet({
    strictTransportSecurity: false,
    contentSecurityPolicy: {
      useDefaults: false,
      directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] },
    },
  });
  const docsHeaders = helmet({ strictTransportSecurity: false, contentSecurityPolicy: false });
  return (req, res, next) =>
    DOCS_PATH.test(req.originalUrl) ? docsHeaders(req, res, next) : apiHeaders(req, res, next);
}
