import type { IncomingMessage, ServerResponse } from 'node:http';
import type { NextFunction, Request, Response } from 'express';
import helmet from 'helmet';

const DOCS_PATH = /^\/docs(?:[/?.-]|$)/;

type HeaderList = ReadonlyArray<readonly [string, string]>;

// helmet's headers for these options do not depend on the request: they are recorded once, by running
// helmet against a response that only records, and set per request in one loop instead of through
// helmet's eleven nested middlewares.
function recordedHeaders(middleware: ReturnType<typeof helmet>): HeaderList {
  const headers: Array<[string, string]> = [];
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers.push([name, String(value)]);
      return recorder;
    },
    removeHeader(name: string) {
      const at = headers.findIndex(([existing]) => existing.toLowerCase() === name.toLowerCase());
      if (at >= 0) headers.splice(at, 1);
    },
  };
  let finished = false;
  middleware({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    if (error instanceof Error) throw error;
    if (error !== undefined) throw new Error('helmet refused its options');
    finished = true;
  });
  if (!finished) throw new Error('helmet did not finish synchronously: its headers cannot be recorded');
  return headers;
}

// helmet's defaults, except: HSTS is the product's own (max-age=300, set by the service headers), and
// the JSON API gets the strictest CSP while Swagger UI (/docs) keeps none, as its page needs inline code.
export function securityHeadersMiddleware(): (req: Request, res: Response, next: NextFunction) => void {
  const apiHeaders = recordedHeaders(
    helmet({
      strictTransportSecurity: false,
      contentSecurityPolicy: {
        useDefaults: false,
        directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] },
      },
    }),
  );
  const docsHeaders = recordedHeaders(
    helmet({ strictTransportSecurity: false, contentSecurityPolicy: false }),
  );
  return (req, res, next) => {
    const headers = DOCS_PATH.test(req.originalUrl) ? docsHeaders : apiHeaders;
    for (let i = 0; i < headers.length; i++) res.setHeader(headers[i][0], headers[i][1]);
    // helmet removes X-Powered-By (Express's own is disabled already).
    res.removeHeader('X-Powered-By');
    next();
  };
}
