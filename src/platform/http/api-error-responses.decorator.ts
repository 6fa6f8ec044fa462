import { applyDecorators } from '@nestjs/common';
import { ApiResponse } from '@nestjs/swagger';
import type { ApiError, ApiErrorBody } from './api-error';

// Documents the error answers of one status, each example rendered from the ApiError the code throws,
// so the OpenAPI examples cannot drift from the real bodies. Schema: ApiErrorResponse (openapi-conventions).
export function ApiErrorResponses(status: number, description: string, errors: ApiError[]): MethodDecorator {
  const examples: Record<string, { summary: string; value: ApiErrorBody }> = {};
  for (const error of errors) {
    const code = error.errorCode ?? 'UNAUTHORIZED';
    const name = code in examples ? `${code}_${Object.keys(examples).length}` : code;
    examples[name] = { summary: error.detail, value: error.toBody() };
  }
  return applyDecorators(
    ApiResponse({
      status,
      description,
      content: {
        'application/json': { schema: { $ref: '#/components/schemas/ApiErrorResponse' }, examples },
      },
    }),
  );
}
