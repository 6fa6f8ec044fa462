import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  HttpStatus,
  Param,
  Patch,
  Post,
  Query,
} from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiNoContentResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import { CurrentPrincipal } from '../../../platform/auth/current-principal.decorator';
import type { Principal } from '../../../platform/auth/principal';
import { RequireGlobalRole } from '../../../platform/auth/require-role.decorator';
import type { ListEnvelope } from '../../../platform/http/pagination/list-envelope';
import { PageQuery } from '../../../platform/http/pagination/page.query';
import {
  GlobalAccessListEntryRequest,
  GlobalAccessListEntryUpdateRequest,
} from './dto/global-access-list-entry.request';
import {
  GlobalAccessListEntryListResponse,
  GlobalAccessListEntryResponse,
} from './dto/global-access-list-entry.response';
import { GlobalAccessListService } from './global-access-list.service';

const LOCKOUT =
  'CANNOT_REMOVE_CALLER_FROM_ACCESS_LIST: a global key would leave the list non-empty without the address it calls from.';

// Any global role reads the list; Global Owner changes it (the product's role table).
@ApiTags('Global API Key Access List')
@Controller('admin/accessList')
@RequireGlobalRole('GLOBAL_READ_ONLY')
export class GlobalAccessListController {
  constructor(private readonly globalList: GlobalAccessListService) {}

  @Get()
  @ApiOperation({ summary: 'List the global access list (the addresses global API keys may call from)' })
  @ApiOkResponse({ type: GlobalAccessListEntryListResponse })
  list(@Query() page: PageQuery): Promise<ListEnvelope<GlobalAccessListEntryResponse>> {
    return this.globalList.list(page);
  }

  @Get(':accessListId')
  @ApiOperation({ summary: 'Get one entry of the global access list' })
  @ApiOkResponse({ type: GlobalAccessListEntryResponse })
  @ApiNotFoundResponse({ description: 'GLOBAL_ACCESS_LIST_ENTRY_NOT_FOUND.' })
  get(@Param('accessListId') id: string): Promise<GlobalAccessListEntryResponse> {
    return this.globalList.get(id);
  }

  @Post()
  @HttpCode(HttpStatus.OK)
  @RequireGlobalRole('GLOBAL_OWNER')
  @ApiOperation({
    summary: 'Add one entry to the global access list',
    description:
      'Adds the block unless it is already on the list; either way answers the entry for that block ' +
      '(an existing entry keeps its description).',
  })
  @ApiOkResponse({ type: GlobalAccessListEntryResponse })
  @ApiBadRequestResponse({
    description: `INVALID_IP_ADDRESS_OR_CIDR_NOTATION, INVALID_ATTRIBUTE. ${LOCKOUT}`,
  })
  add(
    @CurrentPrincipal() principal: Principal,
    @Body() body: GlobalAccessListEntryRequest,
  ): Promise<GlobalAccessListEntryResponse> {
    return this.globalList.add(principal, body);
  }

  @Patch(':accessListId')
  @RequireGlobalRole('GLOBAL_OWNER')
  @ApiOperation({ summary: 'Change the block or the description of one entry of the global access list' })
  @ApiOkResponse({ type: GlobalAccessListEntryResponse })
  @ApiBadRequestResponse({
    description: `INVALID_IP_ADDRESS_OR_CIDR_NOTATION, INVALID_ATTRIBUTE. ${LOCKOUT}`,
  })
  @ApiNotFoundResponse({ description: 'GLOBAL_ACCESS_LIST_ENTRY_NOT_FOUND.' })
  @ApiConflictResponse({
    description: 'GLOBAL_ACCESS_LIST_ENTRY_ALREADY_EXISTS: another entry holds the block.',
  })
  update(
    @CurrentPrincipal() principal: Principal,
    @Param('accessListId') id: string,
    @Body() body: GlobalAccessListEntryUpdateRequest,
  ): Promise<GlobalAccessListEntryResponse> {
    return this.globalList.update(principal, id, body);
  }

  @Delete(':accessListId')
  @HttpCode(HttpStatus.NO_CONTENT)
  @RequireGlobalRole('GLOBAL_OWNER')
  @ApiOperation({ summary: 'Remove one entry from the global access list' })
  @ApiNoContentResponse({ description: 'Removed.' })
  @ApiBadRequestResponse({ description: LOCKOUT })
  @ApiNotFoundResponse({ description: 'GLOBAL_ACCESS_LIST_ENTRY_NOT_FOUND.' })
  remove(@CurrentPrincipal() principal: Principal, @Param('accessListId') id: string): Promise<void> {
    return this.globalList.remove(principal, id);
  }
}
