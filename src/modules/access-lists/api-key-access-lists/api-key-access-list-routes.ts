import {
  applyDecorators,
  Body,
  Controller,
  createParamDecorator,
  Delete,
  Get,
  HttpCode,
  HttpStatus,
  Param,
  Post,
  Query,
} from '@nestjs/common';
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

// The global keys' routes name no organization: their key's organization is null.
export const GlobalKey = createParamDecorator((): null => null);

export interface ApiKeyAccessListRoutes {
  // Route path, e.g. 'orgs/:orgId/apiKeys/:apiKeyId/accessList'.
  path: string;
  // The role every route needs (changes are further limited by the service).
  role: ClassDecorator;
  // The key's organization: @Param('orgId'), or @GlobalKey() where the route has none.
  keyOrg: ParameterDecorator;
  // 'organization' or 'global', as the summaries name the key.
  kind: string;
  // Who may change the list besides the key itself.
  owner: string;
  // Who WIDER_THAN_CALLER_ACCESS_LIST concerns.
  changer: string;
  notFound: string;
}

// The OpenAPI description of each route, worded for the kind of key.
function docsOf(routes: ApiKeyAccessListRoutes) {
  const key = `one ${routes.kind} API key`;
  return {
    list: applyDecorators(
      ApiOperation({ summary: `List the access list of ${key}` }),
      ApiOkResponse({ type: AccessListEntryListResponse }),
      ApiBadRequestResponse({ description: `API_KEY_NOT_FOUND: ${routes.notFound}` }),
    ),
    add: applyDecorators(
      ApiOperation({
        summary: `Add entries to the access list of ${key}`,
        description:
          `Appends; entries already on the list are left unchanged. ${routes.owner} or the key itself. ` +
          'Returns the whole list.',
      }),
      ApiBody({ type: [AccessListEntryRequest] }),
      ApiOkResponse({ type: AccessListEntryListResponse }),
      ApiBadRequestResponse({ description: ADD_ERRORS }),
      ApiForbiddenResponse({
        description:
          'CANNOT_WIDEN_OWN_ACCESS_LIST: the key adds to its own non-empty list a block the list does not already admit ' +
          `(only a global owner widens its own list). WIDER_THAN_CALLER_ACCESS_LIST: ${routes.changer} whose own access list ` +
          'does not admit the block adds it to a non-empty list.',
      }),
    ),
    get: applyDecorators(
      ApiOperation({ summary: `Get one entry of the access list of ${key}` }),
      ApiParam(ENTRY_PARAM),
      ApiOkResponse({ type: AccessListEntryResponse }),
      ApiBadRequestResponse({ description: 'API_KEY_NOT_FOUND, INVALID_IP_ADDRESS_OR_CIDR_NOTATION.' }),
      ApiNotFoundResponse({ description: 'API_KEY_ACCESS_LIST_NOT_FOUND: the entry is not on the list.' }),
    ),
    remove: applyDecorators(
      ApiOperation({ summary: `Remove one entry from the access list of ${key}` }),
      ApiParam(ENTRY_PARAM),
      ApiNoContentResponse({ description: 'Removed.' }),
      ApiBadRequestResponse({
        description:
          'API_KEY_NOT_FOUND, INVALID_IP_ADDRESS_OR_CIDR_NOTATION, CANNOT_REMOVE_CALLER_FROM_ACCESS_LIST (the key removes an entry admitting the address it calls from).',
      }),
      ApiForbiddenResponse({
        description:
          'CANNOT_WIDEN_OWN_ACCESS_LIST: the key would empty its own list, and is no global owner. ' +
          `WIDER_THAN_CALLER_ACCESS_LIST: ${routes.changer} with an access list of its own would empty the list.`,
      }),
      ApiNotFoundResponse({ description: 'API_KEY_ACCESS_LIST_NOT_FOUND: the entry is not on the list.' }),
    ),
  };
}

// The access list routes of one kind of API key: organization keys and global keys answer alike (one
// service, see ApiKeyAccessListsService); only the path, the role and the wording differ.
export function apiKeyAccessListController(routes: ApiKeyAccessListRoutes) {
  const docs = docsOf(routes);
  const keyOrg = routes.keyOrg;

  @ApiTags('API Key Access Lists')
  @Controller(routes.path)
  @routes.role
  class AccessListController {
    constructor(readonly accessLists: ApiKeyAccessListsService) {}

    @Get()
    @docs.list
    list(
      @keyOrg orgId: string | null,
      @Param('apiKeyId') apiKeyId: string,
      @Query() page: PageQuery,
    ): Promise<ListEnvelope<AccessListEntryResponse>> {
      return this.accessLists.list(orgId, apiKeyId, page);
    }

    @Post()
    @HttpCode(HttpStatus.OK)
    @docs.add
    add(
      @CurrentPrincipal() principal: Principal,
      @keyOrg orgId: string | null,
      @Param('apiKeyId') apiKeyId: string,
      @Body(AccessListEntriesPipe) body: AccessListEntryRequest[],
      @Query() page: PageQuery,
    ): Promise<ListEnvelope<AccessListEntryResponse>> {
      return this.accessLists.add(principal, orgId, apiKeyId, body, page);
    }

    @Get(':accessListEntry')
    @docs.get
    get(
      @keyOrg orgId: string | null,
      @Param('apiKeyId') apiKeyId: string,
      @Param('accessListEntry') entry: string,
    ): Promise<AccessListEntryResponse> {
      return this.accessLists.get(orgId, apiKeyId, entry);
    }

    // The Go client does not escape the entry, so a block arrives as two path segments.
    @Get(':address/:prefix')
    @ApiExcludeEndpoint()
    getUnescaped(
      @keyOrg orgId: string | null,
      @Param('apiKeyId') apiKeyId: string,
      @Param('address') address: string,
      @Param('prefix') prefix: string,
    ): Promise<AccessListEntryResponse> {
      return this.accessLists.get(orgId, apiKeyId, `${address}/${prefix}`);
    }

    @Delete(':accessListEntry')
    @HttpCode(HttpStatus.NO_CONTENT)
    @docs.remove
    remove(
      @CurrentPrincipal() principal: Principal,
      @keyOrg orgId: string | null,
      @Param('apiKeyId') apiKeyId: string,
      @Param('accessListEntry') entry: string,
    ): Promise<void> {
      return this.accessLists.remove(principal, orgId, apiKeyId, entry);
    }

    @Delete(':address/:prefix')
    @HttpCode(HttpStatus.NO_CONTENT)
    @ApiExcludeEndpoint()
    removeUnescaped(
      @CurrentPrincipal() principal: Principal,
      @keyOrg orgId: string | null,
      @Param('apiKeyId') apiKeyId: string,
      @Param('address') address: string,
      @Param('prefix') prefix: string,
    ): Promise<void> {
      return this.accessLists.remove(principal, orgId, apiKeyId, `${address}/${prefix}`);
    }
  }
  return AccessListController;
}
