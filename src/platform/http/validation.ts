import { ArgumentMetadata, Injectable, PipeTransform, ValidationError, ValidationPipe } from '@nestjs/common';
import { getMetadataStorage } from 'class-validator';
import { ApiError } from './api-error';
import { CommonErrors } from './error-codes';

class ValidationFailure extends Error {
  constructor(readonly errors: ValidationError[]) {
    super('validation failed');
  }
}

const TYPE_CONSTRAINTS = new Set([
  'isString',
  'isNumber',
  'isInt',
  'isBoolean',
  'isArray',
  'isObject',
  'isDateString',
  'isIso8601',
  'nestedValidation',
]);

interface Leaf {
  path: string;
  error: ValidationError;
}

function firstLeaf(errors: ValidationError[], prefix = ''): Leaf | undefined {
  for (const error of errors) {
    const isIndex = /^\d+$/.test(error.property);
    const path =
      prefix === ''
        ? error.property
        : isIndex
          ? `${prefix}[${error.property}]`
          : `${prefix}.${error.property}`;
    if (error.constraints && Object.keys(error.constraints).length > 0) return { path, error };
    const nested = firstLeaf(error.children ?? [], path);
    if (nested) return nested;
  }
  return undefined;
}

function describeValue(value: unknown): string {
  return typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value));
}

// Maps class-validator failures to the product's codes, naming the field (body) or parameter (query).
export function validationErrorToApiError(
  errors: ValidationError[],
  source: ArgumentMetadata['type'],
): ApiError {
  const leaf = firstLeaf(errors);
  if (!leaf) return CommonErrors.INVALID_JSON();
  const constraints = leaf.error.constraints ?? {};
  const names = Object.keys(constraints);
  const message = Object.values(constraints)[0] ?? 'invalid value';
  if (source === 'query') return CommonErrors.INVALID_QUERY_PARAMETER(leaf.path, message);
  if (source === 'param') return CommonErrors.INVALID_PATH_PARAMETER(leaf.path, message);
  if (names.includes('unknownValue')) return CommonErrors.INVALID_JSON();
  if (names.includes('whitelistValidation')) return CommonErrors.INVALID_ATTRIBUTE(leaf.path);
  if (leaf.error.value === undefined || leaf.error.value === null)
    return CommonErrors.MISSING_ATTRIBUTE(leaf.path);
  if (names.includes('isEnum') || names.includes('isIn')) {
    return CommonErrors.INVALID_ENUM_VALUE(describeValue(leaf.error.value), leaf.path);
  }
  if (names.some((name) => TYPE_CONSTRAINTS.has(name))) return CommonErrors.INVALID_JSON_ATTRIBUTE(leaf.path);
  return CommonErrors.VALIDATION_ERROR(leaf.path, message);
}

function validationPipe(forbidNonWhitelisted: boolean): ValidationPipe {
  return new ValidationPipe({
    whitelist: true,
    forbidNonWhitelisted,
    forbidUnknownValues: true,
    transform: true,
    validationError: { target: false, value: true },
    exceptionFactory: (errors) => new ValidationFailure(errors),
  });
}

// @nestjs/swagger's metadata key for @ApiProperty options (DECORATORS.API_MODEL_PROPERTIES).
const API_MODEL_PROPERTIES = 'swagger/apiModelProperties';

const NULL_REACHES_SERVICE = 'dms:nullReachesService';

// Marks an optional field whose explicit null the service itself answers (a PATCH that refuses to clear
// a required value with the product's own error code), so the pipe leaves that null in place.
export function NullReachesService(): PropertyDecorator {
  return (target, key) => Reflect.defineMetadata(NULL_REACHES_SERVICE, true, target, key);
}

function declaredNullable(instance: object, key: string): boolean {
  if (Reflect.getMetadata(NULL_REACHES_SERVICE, Object.getPrototypeOf(instance) as object, key) === true)
    return true;
  const options: unknown = Reflect.getMetadata(
    API_MODEL_PROPERTIES,
    Object.getPrototypeOf(instance) as object,
    key,
  );
  return (options as { nullable?: unknown } | undefined)?.nullable === true;
}

// An explicit null for an optional field (`"metricThreshold": null`) is treated as the field being
// absent, as the product reads it, unless the field is documented as nullable (there null means
// "clear"). Without this, @IsOptional lets null through to code that expects an object or array.
// A required field given as null is already refused by validation (MISSING_ATTRIBUTE).
export function dropUndeclaredNulls(value: unknown, depth = 0): void {
  if (value === null || typeof value !== 'object' || depth > 64) return;
  if (Array.isArray(value)) {
    for (const item of value) dropUndeclaredNulls(item, depth + 1);
    return;
  }
  const prototype: unknown = Object.getPrototypeOf(value);
  // Plain objects are free-form maps (tags, automation sections): their nulls are data.
  if (prototype === Object.prototype || prototype === null) return;
  const record = value as Record<string, unknown>;
  for (const key of Object.keys(record)) {
    if (record[key] === null) {
      if (!declaredNullable(record, key)) delete record[key];
    } else {
      dropUndeclaredNulls(record[key], depth + 1);
    }
  }
}

function isEmptyPlainObject(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return false;
  const prototype: unknown = Object.getPrototypeOf(value);
  if (prototype !== Object.prototype && prototype !== null) return false;
  for (const key in value) if (Object.hasOwn(value, key)) return false;
  return true;
}

// A hand-written body check for a hot route: it returns the body when it is plainly valid, or undefined
// for anything else, which then goes through class-validator as before. Refused bodies therefore keep
// exactly the error bodies the decorators give, while valid ones skip the decorator machinery (for a
// report of 500 samples it cost more CPU than the rest of the request's validation).
export type PlainBodyCheck = (value: unknown) => object | undefined;

const plainBodyChecks = new Map<object, PlainBodyCheck>();

// The check must accept only what the DTO's decorators accept, and return what the pipe would (with the
// undeclared nulls already dropped), or undefined.
export function checkBodyByHand(metatype: object, check: PlainBodyCheck): void {
  plainBodyChecks.set(metatype, check);
}

interface ArrayCap {
  property: string;
  max: number;
  message: string;
}

const arrayCaps = new WeakMap<object, ArrayCap[]>();

// The body DTO's top-level @ArrayMaxSize caps, with the message class-validator would give.
function arrayCapsOf(metatype: new () => unknown): ArrayCap[] {
  let caps = arrayCaps.get(metatype);
  if (caps === undefined) {
    caps = getMetadataStorage()
      .getTargetValidationMetadatas(metatype, '', true, false)
      .filter((meta) => meta.name === 'arrayMaxSize' && typeof meta.message !== 'function')
      .map((meta) => {
        const max = Number((meta.constraints as unknown[])[0]);
        const template =
          typeof meta.message === 'string'
            ? meta.message
            : '$property must contain no more than $constraint1 elements';
        const message = template
          .replace(/\$property/g, meta.propertyName)
          .replace(/\$constraint1/g, String(max));
        return { property: meta.propertyName, max, message };
      });
    arrayCaps.set(metatype, caps);
  }
  return caps;
}

// An array longer than its cap is refused before class-transformer and class-validator build and check
// every item: for a few hundred nested objects that alone cost hundreds of milliseconds of CPU.
function arrayOverItsCap(metatype: new () => unknown, value: unknown): ApiError | undefined {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return undefined;
  for (const cap of arrayCapsOf(metatype)) {
    const items = (value as Record<string, unknown>)[cap.property];
    if (Array.isArray(items) && items.length > cap.max) {
      return CommonErrors.VALIDATION_ERROR(cap.property, cap.message);
    }
  }
  return undefined;
}

@Injectable()
export class ApiValidationPipe implements PipeTransform {
  private readonly strict = validationPipe(true);
  // Query strings carry parameters we document but do not model on every route (pretty, envelope,
  // client extras such as includeCount): unknown query keys are stripped, never refused.
  private readonly lenient = validationPipe(false);
  // Query DTOs whose defaults alone (no parameter given) passed validation once. A list without query
  // parameters, the common case, then skips class-transformer and class-validator (~7% of the CPU of a
  // list request): for an empty query both only ever build `new Dto()` and check its constant defaults.
  private readonly validWhenEmpty = new WeakSet<object>();

  async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    const metatype = metadata.metatype as (new () => unknown) | undefined;
    const emptyQuery = metadata.type === 'query' && metatype !== undefined && isEmptyPlainObject(value);
    if (emptyQuery && this.validWhenEmpty.has(metatype)) return new metatype();
    if (metadata.type === 'body' && metatype !== undefined) {
      const accepted = plainBodyChecks.get(metatype)?.(value);
      if (accepted !== undefined) return accepted;
      const overCap = arrayOverItsCap(metatype, value);
      if (overCap !== undefined) throw overCap;
    }
    try {
      const pipe = metadata.type === 'query' ? this.lenient : this.strict;
      const result: unknown = await pipe.transform(value, metadata);
      if (emptyQuery && result instanceof metatype) this.validWhenEmpty.add(metatype);
      if (metadata.type === 'body') dropUndeclaredNulls(result);
      return result;
    } catch (error) {
      if (error instanceof ValidationFailure) throw validationErrorToApiError(error.errors, metadata.type);
      throw error;
    }
  }
}
