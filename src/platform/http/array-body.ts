import { Injectable, type PipeTransform } from '@nestjs/common';
import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import type { ApiError } from './api-error';
import { CommonErrors } from './error-codes';
import { validationErrorToApiError } from './validation';

// A bare JSON array body, which the global validation pipe does not walk (it sees `Array`).
export interface ArrayBodyRules {
  // The refusal of a body that is not an array or an element that is not an object, given the field
  // (`body`, `[2]`). By default INVALID_JSON_ATTRIBUTE naming it.
  refuse?: (field: string) => ApiError;
  // Set when at least one element is required: an empty array is MISSING_ATTRIBUTE of this field.
  firstField?: string;
  // The count cap, with what the elements are called in the refusal (`at most 100 users`).
  max?: { count: number; what: string };
}

function invalidJson(field: string): ApiError {
  return CommonErrors.INVALID_JSON_ATTRIBUTE(field);
}

// `value` when it is a JSON object (not null, not an array), else refused naming `field`.
export function plainObject(value: unknown, field: string, refuse = invalidJson): object {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw refuse(field);
  return value;
}

// Checks the array and its count, then each element in order (an object, then `element`), so the first
// bad element is the one named.
export function parseArrayBody<T>(
  body: unknown,
  rules: ArrayBodyRules,
  element: (item: object, at: string, index: number) => T,
): T[] {
  const refuse = rules.refuse ?? invalidJson;
  if (!Array.isArray(body)) throw refuse('body');
  if (body.length === 0 && rules.firstField !== undefined)
    throw CommonErrors.MISSING_ATTRIBUTE(rules.firstField);
  if (rules.max !== undefined && body.length > rules.max.count) {
    throw CommonErrors.VALIDATION_ERROR('body', `at most ${rules.max.count} ${rules.max.what}`);
  }
  return body.map((item: unknown, index) => {
    const at = `[${index}]`;
    return element(plainObject(item, at, refuse), at, index);
  });
}

// The body pipe for an array of request objects: each element is validated with the global pipe's rules
// (unknown fields refused with INVALID_ATTRIBUTE, failures naming the field).
@Injectable()
export class ArrayBodyPipe<T extends object> implements PipeTransform<unknown, T[]> {
  constructor(
    private readonly elementClass: new () => T,
    private readonly rules: ArrayBodyRules = {},
  ) {}

  transform(value: unknown): T[] {
    return parseArrayBody(value, this.rules, (item) => {
      const element = plainToInstance(this.elementClass, item);
      const errors = validateSync(element, {
        whitelist: true,
        forbidNonWhitelisted: true,
        forbidUnknownValues: true,
      });
      if (errors.length > 0) throw validationErrorToApiError(errors, 'body');
      return element;
    });
  }
}
