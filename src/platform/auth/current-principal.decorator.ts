import { createParamDecorator, ExecutionContext } from '@nestjs/common';
import { ApiError } from '../http/api-error';
import type { Principal } from './principal';

export const CurrentPrincipal = createParamDecorator((_data: unknown, ctx: ExecutionContext): Principal => {
  const request = ctx.switchToHttp().getRequest<{ principal?: Principal }>();
  if (!request.principal) {
    throw new ApiError(401, undefined, 'You are not authorized for this resource.');
  }
  return request.principal;
});
