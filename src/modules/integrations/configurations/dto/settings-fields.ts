import { isIPv6 } from 'node:net';
import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsNotEmpty, IsOptional, IsString, MaxLength, ValidateBy } from 'class-validator';

// Field decorators shared by the per-type request classes: each declares validation and its OpenAPI
// description together, so the documented shape is the validated one.
export const MAX_TEXT_LENGTH = 1024;
export const MAX_URL_LENGTH = 2048;

export function isHttpUrl(value: unknown): boolean {
  if (typeof value !== 'string' || value.length > MAX_URL_LENGTH) return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

// host:port, the host a name, an IPv4 address or a bracketed IPv6 address (e.g. 0.0.0.0:9216).
export function isListenAddress(value: unknown): boolean {
  if (typeof value !== 'string') return false;
  const match = /^(?:\[([0-9A-Fa-f:.]+)\]|([A-Za-z0-9](?:[A-Za-z0-9.-]{0,252}[A-Za-z0-9])?)):(\d{1,5})$/.exec(
    value,
  );
  if (!match) return false;
  if (match[1] !== undefined && !isIPv6(match[1])) return false;
  const port = Number(match[3]);
  return port >= 1 && port <= 65535;
}

// The agents run on Linux or Windows hosts: `/etc/ssl/prom.pem` or `C:\certs\prom.pem`.
export function isAbsolutePath(value: unknown): boolean {
  return (
    typeof value === 'string' &&
    value.length <= MAX_TEXT_LENGTH &&
    !value.includes('\0') &&
    (value.startsWith('/') || /^[A-Za-z]:[\\/]/.test(value))
  );
}

function constraint(name: string, test: (value: unknown) => boolean, message: string): PropertyDecorator {
  return ValidateBy({ name, validator: { validate: test, defaultMessage: () => message } });
}

export const IsHttpUrl = () =>
  constraint(
    'isHttpUrl',
    isHttpUrl,
    `$property must be an absolute http or https URL of at most ${MAX_URL_LENGTH} characters`,
  );
export const IsListenAddress = () =>
  constraint('isListenAddress', isListenAddress, '$property must be host:port with a port from 1 to 65535');
export const IsAbsolutePath = () =>
  constraint(
    'isAbsolutePath',
    (value) => value === '' || isAbsolutePath(value),
    '$property must be an absolute path',
  );

export function TypeField(type: string): PropertyDecorator {
  return applyDecorators(
    ApiProperty({
      enum: [type],
      example: type,
      description: 'Integration type; must equal the path segment.',
    }),
    IsIn([type]),
  );
}

interface TextOptions {
  description: string;
  example: string;
  maxLength?: number;
}

export function RequiredText({
  description,
  example,
  maxLength = MAX_TEXT_LENGTH,
}: TextOptions): PropertyDecorator {
  return applyDecorators(
    ApiProperty({ description, example, maxLength }),
    IsString(),
    IsNotEmpty(),
    MaxLength(maxLength),
  );
}

// An empty string means "not set", so a GET body sent back (SLACK channelName "") is accepted.
export function OptionalText({
  description,
  example,
  maxLength = MAX_TEXT_LENGTH,
}: TextOptions): PropertyDecorator {
  return applyDecorators(
    ApiPropertyOptional({ description: `${description} An empty string means not set.`, example, maxLength }),
    IsOptional(),
    IsString(),
    MaxLength(maxLength),
  );
}

export function OneOf(
  values: readonly string[],
  options: { description: string; default?: string },
): PropertyDecorator {
  const property = options.default === undefined ? ApiProperty : ApiPropertyOptional;
  return applyDecorators(
    property({ enum: values, example: options.default ?? values[0], ...options }),
    ...(options.default === undefined ? [] : [IsOptional()]),
    IsIn(values),
  );
}
