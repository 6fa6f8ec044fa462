import { urlencoded, type NextFunction, type Request, type Response } from 'express';
import { CommonErrors } from '../error-codes';
import { writeError } from './json-response';
import { pathOf } from './request-url';

// The assertion consumer service of federated sign-in (HTTP-POST binding): the identity provider's page
// posts an HTML form (SAMLResponse, RelayState) there. The one route that reads a form instead of JSON.
export const SSO_FORM_PATH = /^\/sso\/saml2\/[0-9a-f]{20}$/;

// A signed response with its certificate is a few kilobytes; an IdP adding many attributes stays far
// below this.
const FORM_LIMIT_BYTES = 256 * 1024;

export function isSsoFormRequest(req: Request): boolean {
  return req.method === 'POST' && SSO_FORM_PATH.test(pathOf(req.originalUrl));
}

// Parses the form of the ACS (two fields; any other media type is a 415); other requests pass through.
export function ssoFormMiddleware(): (req: Request, res: Response, next: NextFunction) => void {
  const parse = urlencoded({ extended: false, limit: FORM_LIMIT_BYTES, parameterLimit: 10 });
  return (req, res, next) => {
    if (!req.is('application/x-www-form-urlencoded')) {
      return writeError(
        req,
        res,
        CommonErrors.UNSUPPORTED_MEDIA_TYPE(String(req.headers['content-type'] ?? 'none')),
      );
    }
    parse(req, res, next);
  };
}
