import { HttpException } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { ApiError } from './api-error';
import { CommonErrors } from './error-codes';

export interface UnexpectedErrorLog {
  reference: string;
  error: unknown;
}

// Socket-level failures and Postgres's "server going away / not accepting connections" classes:
// the database is down or restarting, not the request at fault.
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENOTFOUND',
  '57P01',
  '57P02',
  '57P03',
]);
const UNAVAILABLE_MESSAGES =
  /^(Connection terminated|Connection terminated unexpectedly|timeout exceeded when trying to connect|Client has encountered a connection error)/;

export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (error === null || typeof error !== 'object' || depth > 4) return false;
  const { code, message, driverError, cause, errors } = error as {
    code?: unknown;
    message?: unknown;
    driverError?: unknown;
    cause?: unknown;
    errors?: unknown;
  };
  if (typeof code === 'string' && (UNAVAILABLE_CODES.has(code) || code.startsWith('08'))) return true;
  if (typeof message === 'string' && UNAVAILABLE_MESSAGES.test(message)) return true;
  if (Array.isArray(errors) && errors.some((inner) => isDatabaseUnavailable(inner, depth + 1))) return true;
  return isDatabaseUnavailable(driverError, depth + 1) || isDatabaseUnavailable(cause, depth + 1);
}

// Turns anything thrown anywhere in the pipeline into the product's error. Unknown errors become a
// 500 with a reference id that is logged; bad input must never end up here.
export function toApiError(
  exception: unknown,
  path: string,
  logUnexpected: (entry: UnexpectedErrorLog) => void,
): ApiError {
  if (exception instanceof ApiError) return exception;
  const bodyParserType = (exception as { type?: unknown } | null)?.type;
  if (typeof bodyParserType === 'string') {
    switch (bodyParserType) {
      case 'entity.parse.failed':
        return CommonErrors.INVALID_JSON();
      case 'entity.too.large':
        return CommonErrors.REQUEST_TOO_LARGE(String((exception as { limit?: number }).limit ?? ''));
      case 'encoding.unsupported':
      case 'charset.unsupported':
        return CommonErrors.UNSUPPORTED_MEDIA_TYPE(
          String((exception as { charset?: string }).charset ?? 'encoding'),
        );
      case 'request.aborted':
      case 'request.size.invalid':
      case 'stream.encoding.set':
        return CommonErrors.INVALID_JSON();
    }
  }
  if (exception instanceof HttpException) {
    const status = exception.getStatus();
    if (status === 404) return CommonErrors.RESOURCE_NOT_FOUND(path);
    if (status === 413) return CommonErrors.REQUEST_TOO_LARGE('');
    if (status === 415) return CommonErrors.UNSUPPORTED_MEDIA_TYPE('');
    if (status === 405)
      return new ApiError(405, 'METHOD_NOT_ALLOWED', `Method not allowed on ${path}.`, [path]);
    if (status < 500) return new ApiError(status, 'INVALID_REQUEST', exception.message, []);
  }
  if (isDatabaseUnavailable(exception))
    return CommonErrors.SERVICE_UNAVAILABLE('the database is unreachable');
  const reference = randomUUID();
  logUnexpected({ reference, error: exception });
  return CommonErrors.UNEXPECTED_ERROR(reference);
}
