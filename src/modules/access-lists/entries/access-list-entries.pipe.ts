import { Injectable, PipeTransform } from '@nestjs/common';
import { plainToInstance } from 'class-transformer';
import { validate } from 'class-validator';
import { CommonErrors } from '../../../platform/http/error-codes';
import { validationErrorToApiError } from '../../../platform/http/validation';
import { AccessListEntryRequest } from './dto/access-list-entry.request';

const NOT_AN_ARRAY = 'the body must be an array of access list entries';

// The body is a bare JSON array, which the global pipe does not validate (it sees `Array`): each
// element is validated here with the same rules, unknown fields refused with INVALID_ATTRIBUTE.
@Injectable()
export class AccessListEntriesPipe implements PipeTransform<unknown, Promise<AccessListEntryRequest[]>> {
  async transform(value: unknown): Promise<AccessListEntryRequest[]> {
    if (!Array.isArray(value)) throw CommonErrors.VALIDATION_ERROR('body', NOT_AN_ARRAY);
    const entries: AccessListEntryRequest[] = [];
    for (const element of value as unknown[]) {
      if (typeof element !== 'object' || element === null || Array.isArray(element)) {
        throw CommonErrors.VALIDATION_ERROR('body', NOT_AN_ARRAY);
      }
      const entry = plainToInstance(AccessListEntryRequest, element);
      const errors = await validate(entry, {
        whitelist: true,
        forbidNonWhitelisted: true,
        forbidUnknownValues: true,
      });
      if (errors.length > 0) throw validationErrorToApiError(errors, 'body');
      entries.push(entry);
    }
    return entries;
  }
}
