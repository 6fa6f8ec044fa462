import { Body, Controller, Delete, Get, HttpCode, HttpStatus, Param, Post, Query } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiForbiddenResponse,
  ApiBody,
  ApiCreatedResponse,
  ApiExcludeEndpoint,
  ApiNoContentResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
  ApiTags,
} from '@nestjs/swagger';
import { CurrentPrincipal } from '../../../platform/auth/current-principal.decorator';
import type { Principal } from '../../../platform/auth/principal';
import { RequireAuthenticated } from '../../../platform/auth/require-role.decorator';
import type { ListEnvelope } from '../../../platform/http/pagination/list-envelope';
import { PageQuery } from '../../../platform/http/pagination/page.query';
import { AccessListEntriesPipe } from '../entries/access-list-entries.pipe';
import { AccessListEntryRequest } from '../entries/dto/access-list-entry.request';
import {
  AccessListEntryListResponse,
  type AccessListEntryResponse,
} from '../entries/dto/access-list-entry.response';
import { UserAccessListsService } from './user-access-lists.service';

const ENTRY_PARAM = {
  name: 'accessListEntry',
  description: 'An IP address, or a CIDR block with its slash sent as %2F (a raw slash is accepted too).',
  example: '192.0.2.0%2F24',
};

// USER-ID must be the calling user; the service checks it (ACCESS_LIST_ACCESS_DENIED otherwise).
@ApiTags('User Access Lists')
@Controller('users/:userId/accessList')
@RequireAuthenticated()
export class UserAccessListsController {
  constructor(private readonly accessLists: UserAccessListsService) {}

  @Get()
  @ApiOperation({ summary: "List the current user's access list" })
  @ApiOkResponse({ type: AccessListEntryListResponse })
  list(
    @CurrentPrincipal() principal: Principal,
    @Param('userId') userId: string,
    @Query() page: PageQuery,
  ): Promise<ListEnvelope<AccessListEntryResponse>> {
    return this.accessLists.list(principal, userId, page);
  }

  @Post()
  @HttpCode(HttpStatus.CREATED)
  @ApiOperation({
    summary: "Add entries to the current user's access list",
    description:
      'Addresses already on the list are ignored; a /32 (or /128) block is kept as a single address. ' +
      'When the list is not empty the request must come from an address on it. Returns the whole list.',
  })
  @ApiBody({ type: [AccessListEntryRequest] })
  @ApiCreatedResponse({ type: AccessListEntryListResponse })
  @ApiBadRequestResponse({
    description:
      'BAD_ACCESS_LIST_ADD_REQUEST, DUPLICATE_ADDRESSES_IN_INPUT, INVALID_IP_ADDRESS_OR_CIDR_NOTATION, ' +
      'MISSING_ONE_OF_ATTRIBUTES, INVALID_ATTRIBUTE.',
  })
  @ApiForbiddenResponse({
    description:
      'CANNOT_WIDEN_OWN_ACCESS_LIST: a user other than a global owner adds a block its non-empty list does not already admit.',
  })
  add(
    @CurrentPrincipal() principal: Principal,
    @Param('userId') userId: string,
    @Body(AccessListEntriesPipe) body: AccessListEntryRequest[],
    @Query() page: PageQuery,
  ): Promise<ListEnvelope<AccessListEntryResponse>> {
    return this.accessLists.add(principal, userId, body, page);
  }

  @Get(':accessListEntry')
  @ApiOperation({
    summary: "Get the entry of the current user's access list for one address",
    description:
      "Matches the entry's ipAddress exactly (or a block written the same way), never a containing block.",
  })
  @ApiParam(ENTRY_PARAM)
  @ApiOkResponse({ type: AccessListEntryListResponse })
  @ApiBadRequestResponse({ description: 'INVALID_IP_ADDRESS_OR_CIDR_NOTATION.' })
  @ApiNotFoundResponse({ description: 'ACCESS_LIST_NOT_FOUND: no entry has exactly this address.' })
  get(
    @CurrentPrincipal() principal: Principal,
    @Param('userId') userId: string,
    @Param('accessListEntry') entry: string,
    @Query() page: PageQuery,
  ): Promise<ListEnvelope<AccessListEntryResponse>> {
    return this.accessLists.get(principal, userId, entry, page);
  }

  // The Go client does not escape the entry, so a block arrives as two path segments.
  @Get(':address/:prefix')
  @ApiExcludeEndpoint()
  getUnescaped(
    @CurrentPrincipal() principal: Principal,
    @Param('userId') userId: string,
    @Param('address') address: string,
    @Param('prefix') prefix: string,
    @Query() page: PageQuery,
  ): Promise<ListEnvelope<AccessListEntryResponse>> {
    return this.accessLists.get(principal, userId, `${address}/${prefix}`, page);
  }

  @Delete(':accessListEntry')
  @HttpCode(HttpStatus.NO_CONTENT)
  @ApiOperation({
    summary: "Remove one entry from the current user's access list",
    description:
      "Refused with 400 CANNOT_REMOVE_CALLER_FROM_ACCESS_LIST for an entry admitting the caller's address.",
  })
  @ApiParam(ENTRY_PARAM)
  @ApiNoContentResponse({ description: 'Removed.' })
  @ApiBadRequestResponse({
    description: 'CANNOT_REMOVE_CALLER_FROM_ACCESS_LIST, INVALID_IP_ADDRESS_OR_CIDR_NOTATION.',
  })
  @ApiNotFoundResponse({ description: 'ACCESS_LIST_NOT_FOUND: the entry is not on the list.' })
  remove(
    @CurrentPrincipal() principal: Principal,
    @Param('userId') userId: string,
    @Param('accessListEntry') entry: string,
  ): Promise<void> {
    return this.accessLists.remove(principal, userId, entry);
  }

  @Delete(':address/:prefix')
  @HttpCode(HttpStatus.NO_CONTENT)
  @ApiExcludeEndpoint()
  removeUnescaped(
    @CurrentPrincipal() principal: Principal,
    @Param('userId') userId: string,
    @Param('address') address: string,
    @Param('prefix') prefix: string,
  ): Promise<void> {
    return this.accessLists.remove(principal, userId, `${address}/${prefix}`);
  }
}
