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
import { RequireProjectRole } from '../../../platform/auth/require-role.decorator';
import { ApiErrorResponses } from '../../../platform/http/api-error-responses.decorator';
import {
  ProjectInvitationByNameRequest,
  ProjectInvitationRequest,
  ProjectInvitationUpdateRequest,
} from './dto/invitation.request';
import { ProjectInvitationResponse } from './dto/invitation.response';
import { InvitationsQuery } from './dto/invitations.query';
import { INVITATION_EXAMPLES as E } from './invitation.examples';
import { toProjectInvitationResponse } from './invitation.mapper';
import { InvitationsService } from './invitations.service';

const WHO =
  'GROUP_USER_ADMIN, GROUP_OWNER, ORG_OWNER or GLOBAL_USER_ADMIN (the project user admins); only project roles ' +
  'the caller may grant (GROUP_USER_ADMIN cannot grant GROUP_OWNER; 401 NOT_GROUP_USER_ADMIN otherwise).';

@ApiTags('Projects')
@Controller('groups/:groupId/invites')
export class ProjectInvitationsController {
  constructor(private readonly invitations: InvitationsService) {}

  @Get()
  @RequireProjectRole('GROUP_USER_ADMIN')
  @ApiOperation({
    summary: 'Get all pending invitations to one project',
    description: `${WHO} \`username\` narrows the list to the invitation sent to that address. At most 500 are pending at once.`,
  })
  @ApiOkResponse({
    type: [ProjectInvitationResponse],
    description: 'A bare JSON array (the product answers one; its Go client decodes one).',
  })
  async list(
    @CurrentPrincipal() principal: Principal,
    @Param('groupId') groupId: string,
    @Query() query: InvitationsQuery,
  ): Promise<ProjectInvitationResponse[]> {
    const { rows, scope } = await this.invitations.list(principal, { groupId }, query);
    return rows.map((row) => toProjectInvitationResponse(row, scope));
  }

  @Get(':invitationId')
  @RequireProjectRole('GROUP_USER_ADMIN')
  @ApiOperation({ summary: 'Get one pending invitation to one project', description: WHO })
  @ApiOkResponse({ type: ProjectInvitationResponse })
  @ApiErrorResponses(404, 'No pending invitation with that id in the project.', [E.notFound])
  async get(
    @CurrentPrincipal() principal: Principal,
    @Param('groupId') groupId: string,
    @Param('invitationId') invitationId: string,
  ): Promise<ProjectInvitationResponse> {
    const { invitation, scope } = await this.invitations.get(principal, { groupId }, invitationId);
    return toProjectInvitationResponse(invitation, scope);
  }

  @Post()
  @RequireProjectRole('GROUP_USER_ADMIN')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({
    summary: 'Invite one user to one project',
    description:
      `${WHO} E-mails \`username\` a link to accept, valid 30 days (SMTP_URL; the link is under ` +
      'PUBLIC_BASE_URL). On acceptance the user gets the roles; a new person chooses a password.',
  })
  @ApiOkResponse({ type: ProjectInvitationResponse })
  @ApiErrorResponses(400, 'A field of the body, named.', [E.badRole])
  @ApiErrorResponses(409, 'The address already has a pending invitation here.', [E.alreadyPending])
  @ApiErrorResponses(502, 'The SMTP server refused the e-mail; nothing was created.', [E.mailFailed])
  @ApiErrorResponses(503, 'No SMTP server is configured; nothing was created.', [E.mailNotConfigured])
  async create(
    @CurrentPrincipal() principal: Principal,
    @Param('groupId') groupId: string,
    @Body() body: ProjectInvitationRequest,
  ): Promise<ProjectInvitationResponse> {
    const { invitation, scope } = await this.invitations.create(principal, { groupId }, body.username, body);
    return toProjectInvitationResponse(invitation, scope);
  }

  @Patch()
  @RequireProjectRole('GROUP_USER_ADMIN')
  @ApiOperation({
    summary: 'Update one pending invitation to one project, named by username',
    description: `${WHO} \`roles\` replaces the invited roles; the expiry stays.`,
  })
  @ApiOkResponse({ type: ProjectInvitationResponse })
  @ApiErrorResponses(404, 'No pending invitation for that address.', [E.usernameNotFound])
  async updateByName(
    @CurrentPrincipal() principal: Principal,
    @Param('groupId') groupId: string,
    @Body() body: ProjectInvitationByNameRequest,
  ): Promise<ProjectInvitationResponse> {
    const { invitation, scope } = await this.invitations.update(
      principal,
      { groupId },
      { username: body.username },
      { roles: body.roles },
      body,
    );
    return toProjectInvitationResponse(invitation, scope);
  }

  @Patch(':invitationId')
  @RequireProjectRole('GROUP_USER_ADMIN')
  @ApiOperation({
    summary: 'Update one pending invitation to one project',
    description: `${WHO} \`roles\` replaces the invited roles; the expiry stays.`,
  })
  @ApiOkResponse({ type: ProjectInvitationResponse })
  @ApiErrorResponses(404, 'No pending invitation with that id in the project.', [E.notFound])
  async update(
    @CurrentPrincipal() principal: Principal,
    @Param('groupId') groupId: string,
    @Param('invitationId') invitationId: string,
    @Body() body: ProjectInvitationUpdateRequest,
  ): Promise<ProjectInvitationResponse> {
    const { invitation, scope } = await this.invitations.update(
      principal,
      { groupId },
      { id: invitationId },
      { roles: body.roles },
      body,
    );
    return toProjectInvitationResponse(invitation, scope);
  }

  @Delete(':invitationId')
  @RequireProjectRole('GROUP_USER_ADMIN')
  @HttpCode(HttpStatus.NO_CONTENT)
  @ApiOperation({
    summary: 'Delete one pending invitation to one project',
    description: `${WHO} Its link is refused from then on.`,
  })
  @ApiNoContentResponse({ description: 'Deleted.' })
  @ApiErrorResponses(404, 'No pending invitation with that id in the project.', [E.notFound])
  delete(
    @CurrentPrincipal() principal: Principal,
    @Param('groupId') groupId: string,
    @Param('invitationId') invitationId: string,
  ): Promise<void> {
    return this.invitations.delete(principal, { groupId }, invitationId);
  }
}
