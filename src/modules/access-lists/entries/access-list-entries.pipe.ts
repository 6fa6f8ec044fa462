import { Injectable } from '@nestjs/common';
import { ArrayBodyPipe } from '../../../platform/http/array-body';
import { CommonErrors } from '../../../platform/http/error-codes';
import { AccessListEntryRequest } from './dto/access-list-entry.request';

const NOT_AN_ARRAY = 'the body must be an array of access list entries';

@Injectable()
export class AccessListEntriesPipe extends ArrayBodyPipe<AccessListEntryRequest> {
  constructor() {
    super(AccessListEntryRequest, { refuse: () => CommonErrors.VALIDATION_ERROR('body', NOT_AN_ARRAY) });
  }
}
