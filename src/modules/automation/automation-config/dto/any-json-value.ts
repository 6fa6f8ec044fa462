import type { ApiPropertyOptions } from '@nestjs/swagger';

// Sections whose shape the product does not document: any JSON value is kept and returned as sent, so the
// document says so instead of promising an object.
export const ANY_JSON_VALUE: ApiPropertyOptions = {
  required: false,
  nullable: true,
  example: {},
  description: 'Any JSON value, kept and returned as sent.',
  oneOf: [
    { type: 'object' },
    { type: 'array', items: {} },
    { type: 'string' },
    { type: 'number' },
    { type: 'boolean' },
  ],
};
