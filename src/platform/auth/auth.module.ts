import { Global, Module } from '@nestjs/common';

// Provides HttpAuthenticator (Digest) and RoleGuard; filled in by the auth work.
@Global()
@Module({})
export class AuthModule {}
