import { applyDecorators } from '@nestjs/common';
import { ApiResponse } from '@nestjs/swagger';
import type { ApiError } from './api-error';

// Documents the error answers of one status, each example rendered from the ApiError the code throws,
// so the OpenAPI examples cannot drift from the real bodies. Schema: ApiErrorResponse (openapi-conventions).
export function ApiErrorResponses(status: number, description: string, errors: ApiError[]): MethodDecorator {
  const examples = Object.fromEntries(
    errors.map((error, index) => [
      errors.filter((other) => other.errorCode === error.errorCode).length > 1 ? `${error.errorCode}_${index}` : error.errorCode,
      { summary: error.detail, value: error.toBody() },
    ]),
  );
  return applyDecorators(
    ApiResponse({
      status,
      description,
      content: { 'application/json': { schema: { $ref: '#/components/schemas/ApiErrorResponse' }, examples } },
    }),
  );
}
