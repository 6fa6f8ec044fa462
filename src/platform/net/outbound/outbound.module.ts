import { Module } from '@nestjs/common';
import type { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/config.module';
import { OutboundHttpClient } from './outbound-http-client';
import { OutboundPolicy } from './outbound-policy';

// The HTTP client every third-party delivery goes through, configured from OUTBOUND_ALLOWLIST and
// OUTBOUND_TIMEOUT_MS.
@Module({
  providers: [
    {
      provide: OutboundHttpClient,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) =>
        new OutboundHttpClient(new OutboundPolicy(config.outboundAllowlist), {
          timeoutMs: config.outboundTimeoutMs,
        }),
    },
  ],
  exports: [OutboundHttpClient],
})
export class OutboundModule {}
