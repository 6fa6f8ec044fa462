import { ArgumentsHost, Catch, ExceptionFilter, Logger } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { ApiError } from './api-error';
import { recordErrorCode } from './error-outcome';
import { RequestContext } from './request-context';
import { toApiError } from './to-api-error';

export const CHALLENGE_CONTENT_TYPE = 'application/json;charset=ISO-8859-1';

export function errorHeaders(error: ApiError): Record<string, string | string[]> {
  return {
    ...error.headers,
    'Content-Type': error.status === 401 ? CHALLENGE_CONTENT_TYPE : 'application/json',
  };
}

// The only writer of error bodies inside Nest; the pre-routing pipeline uses the same mapping.
@Catch()
export class ApiErrorFilter implements ExceptionFilter {
  private readonly logger = new Logger('ApiErrorFilter');

  constructor(
    private readonly adapterHost: HttpAdapterHost,
    private readonly context: RequestContext,
  ) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    const response: unknown = host.switchToHttp().getResponse();
    const path = this.context.request()?.path ?? '';
    const error = toApiError(exception, path, ({ reference, error: cause }) =>
      this.logger.error({ msg: 'unexpected error', reference, err: cause }),
    );
    recordErrorCode(response as object, error.errorCode);
    const adapter = this.adapterHost.httpAdapter;
    for (const [name, value] of Object.entries(errorHeaders(error))) {
      // Express sets one header line per array element (two WWW-Authenticate challenges).
      adapter.setHeader(response, name, value as string);
    }
    adapter.reply(response, error.toBody(), error.status);
  }
}
