import { Body, Controller, Delete, Get, HttpCode, HttpStatus, Param, Post, Query } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBody,
  ApiExcludeEndpoint,
  ApiForbiddenResponse,
  ApiNoContentResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
  ApiTags,
} from '@nestjs/swagger';
import { CurrentPrincipal } from '../../../platform/auth/current-principal.decorator';
import type { Principal } from '../../../platform/auth/principal';
import { RequireGlobalRole } from '../../../platform/auth/require-role.decorator';
import type { ListEnvelope } from '../../../platform/http/pagination/list-envelope';
import { PageQuery } from '../../../platform/http/pagination/page.query';
import { AccessListEntriesPipe } from '../entries/access-list-entries.pipe';
import { AccessListEntryRequest } from '../entries/dto/access-list-entry.request';
import {
  AccessListEntryListResponse,
  AccessListEntryResponse,
} from '../entries/dto/access-list-entry.response';
import { ApiKeyAccessListsService } from './api-key-access-lists.service';

const ENTRY_PARAM = {
  name: 'accessListEntry',
  description: 'An IP address, or a CIDR block with its slash sent as %2F (a raw slash is accepted too).',
  example: '192.0.2.0%2F24',
};

const ADD_ERRORS =
  'BAD_ACCESS_LIST_ADD_REQUEST, DUPLICATE_ADDRESSES_IN_INPUT, INVALID_IP_ADDRESS_OR_CIDR_NOTATION, ' +
  'MISSING_ONE_OF_ATTRIBUTES, INVALID_ATTRIBUTE, API_KEY_NOT_FOUND.';

// The access list of one global API key: read with any global role; changes are further limited to
// Global Owners and the key itself, which only narrows its own list unless it is a Global Owner (see
// the service, shared with organization keys).
@ApiTags('API Key Access Lists')
@Controller('admin/apiKeys/:apiKeyId/accessList')
@RequireGlobalRole('GLOBAL_READ_ONLY')
export class GlobalApiKeyAccessListsController {
  constructor(private readonly accessLists: ApiKeyAccessListsService) {}

  @Get()
  @ApiOperation({ summary: 'List the access list of one global API key' })
  @ApiOkResponse({ type: AccessListEntryListResponse })
  @ApiBadRequestResponse({ description: 'API_KEY_NOT_FOUND: no global key with this id.' })
  list(
    @Param('apiKeyId') apiKeyId: string,
    @Query() page: PageQuery,
  ): Promise<ListEnvelope<AccessListEntryResponse>> {
    return this.accessLists.list(null, apiKeyId, page);
  }

  @Post()
  @HttpCode(HttpStatus.OK)
  @ApiOperation({
    summary: 'Add entries to the access list of one global API key',
    description:
      'Appends; entries already on the list are left unchanged. Global Owner or the key itself. ' +
      'Returns the whole list.',
  })
  @ApiBody({ type: [AccessListEntryRequest] })
  @ApiOkResponse({ type: AccessListEntryListResponse })
  @ApiBadRequestResponse({ description: ADD_ERRORS })
  @ApiForbiddenResponse({
    description:
      'CANNOT_WIDEN_OWN_ACCESS_LIST: the key adds to its own non-empty list a block the list does not already admit ' +
      '(only a global owner widens its own list). WIDER_THAN_CALLER_ACCESS_LIST: a caller whose own access list ' +
      'does not admit the block adds it to a non-empty list.',
  })
  add(
    @CurrentPrincipal() principal: Principal,
    @Param('apiKeyId') apiKeyId: string,
    @Body(AccessListEntriesPipe) body: AccessListEntryRequest[],
    @Query() page: PageQuery,
  ): Promise<ListEnvelope<AccessListEntryResponse>> {
    return this.accessLists.add(principal, null, apiKeyId, body, page);
  }

  @Get(':accessListEntry')
  @ApiOperation({ summary: 'Get one entry of the access list of one global API key' })
  @ApiParam(ENTRY_PARAM)
  @ApiOkResponse({ type: AccessListEntryResponse })
  @ApiBadRequestResponse({ description: 'API_KEY_NOT_FOUND, INVALID_IP_ADDRESS_OR_CIDR_NOTATION.' })
  @ApiNotFoundResponse({ description: 'API_KEY_ACCESS_LIST_NOT_FOUND: the entry is not on the list.' })
  get(
    @Param('apiKeyId') apiKeyId: string,
    @Param('accessListEntry') entry: string,
  ): Promise<AccessListEntryResponse> {
    return this.accessLists.get(null, apiKeyId, entry);
  }

  // The Go client does not escape the entry, so a block arrives as two path segments.
  @Get(':address/:prefix')
  @ApiExcludeEndpoint()
  getUnescaped(
    @Param('apiKeyId') apiKeyId: string,
    @Param('address') address: string,
    @Param('prefix') prefix: string,
  ): Promise<AccessListEntryResponse> {
    return this.accessLists.get(null, apiKeyId, `${address}/${prefix}`);
  }

  @Delete(':accessListEntry')
  @HttpCode(HttpStatus.NO_CONTENT)
  @ApiOperation({ summary: 'Remove one entry from the access list of one global API key' })
  @ApiParam(ENTRY_PARAM)
  @ApiNoContentResponse({ description: 'Removed.' })
  @ApiBadRequestResponse({
    description:
      'API_KEY_NOT_FOUND, INVALID_IP_ADDRESS_OR_CIDR_NOTATION, CANNOT_REMOVE_CALLER_FROM_ACCESS_LIST (the key removes an entry admitting the address it calls from).',
  })
  @ApiForbiddenResponse({
    description:
      'CANNOT_WIDEN_OWN_ACCESS_LIST: the key would empty its own list, and is no global owner. ' +
      'WIDER_THAN_CALLER_ACCESS_LIST: a caller with an access list of its own would empty the list.',
  })
  @ApiNotFoundResponse({ description: 'API_KEY_ACCESS_LIST_NOT_FOUND: the entry is not on the list.' })
  remove(
    @CurrentPrincipal() principal: Principal,
    @Param('apiKeyId') apiKeyId: string,
    @Param('accessListEntry') entry: string,
  ): Promise<void> {
    return this.accessLists.remove(principal, null, apiKeyId, entry);
  }

  @Delete(':address/:prefix')
  @HttpCode(HttpStatus.NO_CONTENT)
  @ApiExcludeEndpoint()
  removeUnescaped(
    @CurrentPrincipal() principal: Principal,
    @Param('apiKeyId') apiKeyId: string,
    @Param('address') address: string,
    @Param('prefix') prefix: string,
  ): Promise<void> {
    return this.accessLists.remove(principal, null, apiKeyId, `${address}/${prefix}`);
  }
}
