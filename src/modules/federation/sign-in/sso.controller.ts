import { Body, Controller, Get, Headers, HttpCode, Param, Post, Query, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { PublicRoute } from '../../../platform/auth/require-role.decorator';
import { CommonErrors } from '../../../platform/http/error-codes';
import { SignInService } from './sign-in.service';

// Where a signed-in browser lands: Swagger UI, whose "Try it out" then uses the session.
const LANDING_PATH = '/docs';

// Browser routes of federated sign-in, outside the public API (not in its OpenAPI document): a person
// signs in here, programmatic clients keep Digest. Each route checks what it is sent itself (public path).
@ApiExcludeController()
@PublicRoute()
@Controller('sso')
export class SsoController {
  constructor(private readonly signIn: SignInService) {}

  // GET /sso/login?email=ada@example.com (or ?idpId=...): off to the identity provider with an AuthnRequest.
  @Get('login')
  async login(
    @Query('email') email: unknown,
    @Query('idpId') idpId: unknown,
    @Res() res: Response,
  ): Promise<void> {
    if (email !== undefined && typeof email !== 'string') throw CommonErrors.INVALID_QUERY_PARAMETER('email');
    if (idpId !== undefined && typeof idpId !== 'string') throw CommonErrors.INVALID_QUERY_PARAMETER('idpId');
    const answer = await this.signIn.login(email, idpId);
    res.setHeader('Cache-Control', 'no-store');
    if (answer.kind === 'redirect') {
      res.redirect(302, answer.url);
      return;
    }
    // HTTP-POST binding: node-saml's page posts the AuthnRequest from an inline script.
    res.setHeader('Content-Security-Policy', "default-src 'none'; script-src 'unsafe-inline'; form-action *");
    res.status(200).type('html').send(answer.html);
  }

  // The assertion consumer service (the identity provider's acsUrl), HTTP-POST binding.
  @Post('saml2/:identityProviderId')
  async acs(
    @Param('identityProviderId') identityProviderId: string,
    @Body() body: unknown,
    @Req() req: Request,
    @Res() res: Response,
  ): Promise<void> {
    const samlResponse = (body as Record<string, unknown> | undefined)?.SAMLResponse;
    if (typeof samlResponse !== 'string' || samlResponse === '')
      throw CommonErrors.MISSING_ATTRIBUTE('SAMLResponse');
    const cookies = await this.signIn.consume(identityProviderId, samlResponse, req.ip ?? '', req.secure);
    res.setHeader('Set-Cookie', cookies);
    res.setHeader('Cache-Control', 'no-store');
    res.redirect(303, LANDING_PATH);
  }

  // Ends the browser session (a change: the CSRF token header is required).
  @Post('logout')
  @HttpCode(204)
  async logout(
    @Headers('cookie') cookie: string | undefined,
    @Headers('x-csrf-token') csrfToken: string | undefined,
    @Req() req: Request,
    @Res() res: Response,
  ): Promise<void> {
    res.setHeader('Set-Cookie', await this.signIn.logout(cookie, csrfToken, req.secure));
    res.status(204).end();
  }
}
