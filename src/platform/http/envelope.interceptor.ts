import { CallHandler, ExecutionContext, HttpStatus, Injectable, NestInterceptor, RequestMethod } from '@nestjs/common';
import { HTTP_CODE_METADATA, METHOD_METADATA } from '@nestjs/common/constants';
import { Observable, map } from 'rxjs';
import { RequestContext } from './request-context';

function isList(body: unknown): body is { results: unknown[] } & Record<string, unknown> {
  return typeof body === 'object' && body !== null && Array.isArray((body as { results?: unknown }).results);
}

// `envelope=true`: a single result becomes {status, content}; a list gets `status` added (spec conventions).
@Injectable()
export class EnvelopeInterceptor implements NestInterceptor {
  constructor(private readonly context: RequestContext) {}

  intercept(execution: ExecutionContext, next: CallHandler): Observable<unknown> {
    const wanted = this.context.request()?.query.some(([key, value]) => key === 'envelope' && value === 'true');
    if (!wanted) return next.handle();
    const handler = execution.getHandler();
    const method = Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod | undefined;
    const declared: number =
      (Reflect.getMetadata(HTTP_CODE_METADATA, handler) as number | undefined) ??
      (method === RequestMethod.POST ? HttpStatus.CREATED : HttpStatus.OK);
    return next.handle().pipe(
      map((body: unknown) => {
        // A handler may answer another status than it declares (201 or 200 for an idempotent create).
        const status = execution.switchToHttp().getResponse<{ statusCode?: number }>().statusCode ?? declared;
        if (body === undefined || status === Number(HttpStatus.NO_CONTENT)) return body;
        if (isList(body)) return { ...body, status };
        return { status, content: body };
      }),
    );
  }
}
