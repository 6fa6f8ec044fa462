import { DynamicModule, Global, Module, ModuleMetadata } from '@nestjs/common';
import { HttpAuthenticator } from './authenticator';
import { CredentialCache } from './credential-cache';
import { CredentialChanges } from './credential-changes';
import { DigestAuthenticator } from './digest/digest.authenticator';
import { AuthFailureThrottle } from './failure-throttle/auth-failure-throttle';
import { ProjectScope } from './project-scope';
import { BrowserSessions } from './session/browser-sessions';
import { SessionOrDigestAuthenticator } from './session/session.authenticator';
import { RoleGuard } from './role.guard';

// Provides Digest authentication and browser sessions, the role guard and the project-existence check (ProjectScope) every
// context uses. The composition root passes in the context modules that export the CredentialDirectory
// and ProjectDirectory implementations, so that platform code never imports a context.
@Global()
@Module({})
export class AuthModule {
  static register(options: { imports: ModuleMetadata['imports'] }): DynamicModule {
    return {
      module: AuthModule,
      imports: options.imports,
      providers: [
        CredentialChanges,
        CredentialCache,
        AuthFailureThrottle,
        RoleGuard,
        ProjectScope,
        DigestAuthenticator,
        BrowserSessions,
        SessionOrDigestAuthenticator,
        { provide: HttpAuthenticator, useExisting: SessionOrDigestAuthenticator },
      ],
      exports: [
        CredentialChanges,
        CredentialCache,
        AuthFailureThrottle,
        RoleGuard,
        ProjectScope,
        HttpAuthenticator,
        BrowserSessions,
      ],
    };
  }
}
