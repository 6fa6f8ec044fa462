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
import { ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentPrincipal } from '../../../platform/auth/current-principal.decorator';
import type { Principal } from '../../../platform/auth/principal';
import { RequireOrgRole } from '../../../platform/auth/require-role.decorator';
import { ApiErrorResponses } from '../../../platform/http/api-error-responses.decorator';
import {
  OrgInvitationByNameRequest,
  OrgInvitationRequest,
  OrgInvitationUpdateRequest,
} from './dto/invitation.request';
import { OrgInvitationResponse } from './dto/invitation.response';
import { InvitationsQuery } from './dto/invitations.query';
import { INVITATION_EXAMPLES as E } from './invitation.examples';
import { toOrgInvitationResponse } from './invitation.mapper';
import { InvitationsService } from './invitations.service';

const WHO =
  'ORG_OWNER or GLOBAL_USER_ADMIN (the organization user admins); only organization roles the caller may grant (401 NOT_ORG_ADMIN otherwise).';

@ApiTags('Organizations')
@Controller('orgs/:orgId/invites')
export class OrgInvitationsController {
  constructor(private readonly invitations: InvitationsService) {}

  @Get()
  @RequireOrgRole('ORG_OWNER')
  @ApiOperation({
    summary: 'Get all pending invitations to one organization',
    description: `${WHO} \`username\` narrows the list to the invitation sent to that address. At most 500 are pending at once.`,
  })
  @ApiOkResponse({
    type: [OrgInvitationResponse],
    description: 'A bare JSON array (the product answers one; its Go client decodes one).',
  })
  async list(
    @CurrentPrincipal() principal: Principal,
    @Param('orgId') orgId: string,
    @Query() query: InvitationsQuery,
  ): Promise<OrgInvitationResponse[]> {
    const { rows, scope } = await this.invitations.list(principal, { orgId }, query);
    return rows.map((row) => toOrgInvitationResponse(row, scope));
  }

  @Get(':invitationId')
  @RequireOrgRole('ORG_OWNER')
  @ApiOperation({ summary: 'Get one pending invitation to one organization', description: WHO })
  @ApiOkResponse({ type: OrgInvitationResponse })
  @ApiErrorResponses(404, 'No pending invitation with that id in the organization.', [E.notFound])
  async get(
    @CurrentPrincipal() principal: Principal,
    @Param('orgId') orgId: string,
    @Param('invitationId') invitationId: string,
  ): Promise<OrgInvitationResponse> {
    const { invitation, scope } = await this.invitations.get(principal, { orgId }, invitationId);
    return toOrgInvitationResponse(invitation, scope);
  }

  @Post()
  @RequireOrgRole('ORG_OWNER')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({
    summary: 'Invite one user to one organization',
    description:
      `${WHO} E-mails \`username\` a link to accept, valid 30 days (SMTP_URL; the link is under ` +
      'PUBLIC_BASE_URL). On acceptance the user gets the roles and joins the teams; a new person chooses a password.',
  })
  @ApiOkResponse({ type: OrgInvitationResponse })
  @ApiErrorResponses(400, 'A field of the body, named.', [E.badRole])
  @ApiErrorResponses(409, 'The address already has a pending invitation here.', [E.alreadyPending])
  @ApiErrorResponses(502, 'The SMTP server refused the e-mail; nothing was created.', [E.mailFailed])
  @ApiErrorResponses(503, 'No SMTP server is configured; nothing was created.', [E.mailNotConfigured])
  async create(
    @CurrentPrincipal() principal: Principal,
    @Param('orgId') orgId: string,
    @Body() body: OrgInvitationRequest,
  ): Promise<OrgInvitationResponse> {
    const { invitation, scope } = await this.invitations.create(principal, { orgId }, body.username, body);
    return toOrgInvitationResponse(invitation, scope);
  }

  @Patch()
  @RequireOrgRole('ORG_OWNER')
  @ApiOperation({
    summary: 'Update one pending invitation to one organization, named by username',
    description: `${WHO} \`roles\` replaces the invited roles, \`teamIds\` (when sent) the teams; the expiry stays.`,
  })
  @ApiOkResponse({ type: OrgInvitationResponse })
  @ApiErrorResponses(404, 'No pending invitation for that address.', [E.usernameNotFound])
  async updateByName(
    @CurrentPrincipal() principal: Principal,
    @Param('orgId') orgId: string,
    @Body() body: OrgInvitationByNameRequest,
  ): Promise<OrgInvitationResponse> {
    const { invitation, scope } = await this.invitations.update(
      principal,
      { orgId },
      { username: body.username },
      body,
    );
    return toOrgInvitationResponse(invitation, scope);
  }

  @Patch(':invitationId')
  @RequireOrgRole('ORG_OWNER')
  @ApiOperation({
    summary: 'Update one pending invitation to one organization',
    description: `${WHO} \`roles\` replaces the invited roles, \`teamIds\` (when sent) the teams; the expiry stays.`,
  })
  @ApiOkResponse({ type: OrgInvitationResponse })
  @ApiErrorResponses(404, 'No pending invitation with that id in the organization.', [E.notFound])
  async update(
    @CurrentPrincipal() principal: Principal,
    @Param('orgId') orgId: string,
    @Param('invitationId') invitationId: string,
    @Body() body: OrgInvitationUpdateRequest,
  ): Promise<OrgInvitationResponse> {
    const { invitation, scope } = await this.invitations.update(
      principal,
      { orgId },
      { id: invitationId },
      body,
    );
    return toOrgInvitationResponse(invitation, scope);
  }

  @Delete(':invitationId')
  @RequireOrgRole('ORG_OWNER')
  @HttpCode(HttpStatus.NO_CONTENT)
  @ApiOperation({
    summary: 'Delete one pending invitation to one organization',
    description: `${WHO} Its link is refused from then on.`,
  })
  @ApiNoContentResponse({ description: 'Deleted.' })
  @ApiErrorResponses(404, 'No pending invitation with that id in the organization.', [E.notFound])
  delete(
    @CurrentPrincipal() principal: Principal,
    @Param('orgId') orgId: string,
    @Param('invitationId') invitationId: string,
  ): Promise<void> {
    return this.invitations.delete(principal, { orgId }, invitationId);
  }
}
