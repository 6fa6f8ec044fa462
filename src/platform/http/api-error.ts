import { STATUS_CODES } from 'node:http';

// The product's error body: detail, error, errorCode, parameters, reason.
export interface ApiErrorBody {
  detail: string;
  error: number;
  errorCode?: string;
  parameters?: unknown[];
  reason: string;
}

let outerStackTraceLimit = Error.stackTraceLimit;

// Turns stack capture off for the Error constructor the message is passed to; the caller turns it back on.
function withoutStack(message: string): string {
  outerStackTraceLimit = Error.stackTraceLimit;
  Error.stackTraceLimit = 0;
  return message;
}

// An answer to the caller, not a fault: where it was raised is never logged or shown, so no stack is
// captured. Capturing one is most of the cost of building it, and refusals are what a flood of bad
// requests makes by the hundred.
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly errorCode: string | undefined,
    readonly detail: string,
    readonly parameters: unknown[] = [],
    readonly headers: Record<string, string | string[]> = {},
  ) {
    super(withoutStack(detail));
    Error.stackTraceLimit = outerStackTraceLimit;
    this.name = 'ApiError';
  }

  // The same error answered with these response headers too (Retry-After of a refusal, say).
  withHeaders(headers: Record<string, string | string[]>): ApiError {
    return new ApiError(this.status, this.errorCode, this.detail, this.parameters, {
      ...this.headers,
      ...headers,
    });
  }

  toBody(): ApiErrorBody {
    const body: ApiErrorBody = {
      detail: this.detail,
      error: this.status,
      reason: STATUS_CODES[this.status] ?? 'Error',
    };
    // The product's bare 401 challenge body has neither errorCode nor parameters.
    if (this.errorCode !== undefined) {
      body.errorCode = this.errorCode;
      body.parameters = this.parameters;
    }
    return body;
  }
}

export interface ErrorDefinition {
  status: number;
  // `{0}`, `{1}` ... are replaced by the parameters, in order.
  detail: string;
}

export type ErrorFactory = (...parameters: Array<string | number>) => ApiError;

function render(template: string, parameters: Array<string | number>): string {
  return template.replace(/\{(\d+)\}/g, (_m, index: string) => String(parameters[Number(index)] ?? ''));
}

// Each context declares its codes once; `Errors.CODE(param...)` builds the ApiError to throw.
export function defineErrors<T extends Record<string, ErrorDefinition>>(
  definitions: T,
): { [K in keyof T]: ErrorFactory } {
  const factories = {} as { [K in keyof T]: ErrorFactory };
  for (const code of Object.keys(definitions) as Array<keyof T & string>) {
    const { status, detail } = definitions[code];
    factories[code] = (...parameters) => new ApiError(status, code, render(detail, parameters), parameters);
  }
  return factories;
}
