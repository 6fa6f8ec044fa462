import { Body, Controller, Get, HttpCode, HttpStatus, Post, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import { PublicRoute } from '../../../platform/auth/require-role.decorator';
import { ApiErrorResponses } from '../../../platform/http/api-error-responses.decorator';
import { CommonErrors } from '../../../platform/http/error-codes';
import { UserResponse } from '../users/dto/user.response';
import { AcceptInvitationRequest } from './dto/accept-invitation.request';
import { InvitationSummaryResponse } from './dto/invitation-summary.response';
import { INVITATION_EXAMPLES as E } from './invitation.examples';
import { InvitationAcceptanceService } from './invitation-acceptance.service';

// The link an invitation e-mail carries, and accepting it: unauthenticated, the token is the credential.
@ApiTags('Users')
@Controller('unauth/invitations/accept')
export class InvitationAcceptanceController {
  constructor(private readonly acceptance: InvitationAcceptanceService) {}

  @Get()
  @PublicRoute()
  @ApiOperation({
    summary: 'Show the invitation of a link',
    description:
      'Unauthenticated: the link of an invitation e-mail. What accepting gives, and whether a password must ' +
      'be chosen (newUser).',
    security: [],
  })
  @ApiQuery({ name: 'token', required: true, description: 'The token of the link.' })
  @ApiOkResponse({ type: InvitationSummaryResponse })
  @ApiErrorResponses(404, 'No invitation has this token.', [E.linkNotFound])
  @ApiErrorResponses(409, 'Already accepted.', [E.accepted])
  @ApiErrorResponses(410, 'Expired, or withdrawn (deleted, or replaced by a newer invitation).', [
    E.expired,
    E.withdrawn,
  ])
  describe(@Query('token') token: unknown): Promise<InvitationSummaryResponse> {
    if (typeof token !== 'string' || token === '') throw CommonErrors.MISSING_ATTRIBUTE('token');
    return this.acceptance.describe(token);
  }

  @Post()
  @PublicRoute()
  @HttpCode(HttpStatus.OK)
  @ApiOperation({
    summary: 'Accept an invitation',
    description:
      'Unauthenticated; works once. An existing user gets the invited roles and teams. A new person sends ' +
      'password (the strength rule applies), firstName and lastName, becomes a user named after the invited ' +
      'address and signs in with HTTP Digest from then on. The roles are granted as the inviter may grant them now.',
    security: [],
  })
  @ApiOkResponse({ type: UserResponse, description: 'The user, with all its roles.' })
  @ApiErrorResponses(400, 'A field of the body, named; a weak password.', [
    E.weakPassword,
    E.passwordNotTaken,
  ])
  @ApiErrorResponses(404, 'No invitation has this token.', [E.linkNotFound])
  @ApiErrorResponses(
    409,
    'Already accepted, or whoever invited is gone or can no longer grant a role of the invitation.',
    [E.accepted, E.inviterGone, E.inviterCannotGrant],
  )
  @ApiErrorResponses(410, 'Expired, or withdrawn (deleted, or replaced by a newer invitation).', [
    E.expired,
    E.withdrawn,
  ])
  accept(@Body() body: AcceptInvitationRequest): Promise<UserResponse> {
    return this.acceptance.accept(body);
  }
}
