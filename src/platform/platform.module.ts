import { DynamicModule, Global, Module, type Provider } from '@nestjs/common';
import { APP_GUARD, APP_INTERCEPTOR } from '@nestjs/core';
import { Clock, SystemClock } from './clock/clock';
import { EventEmitterModule } from '@nestjs/event-emitter';
import { ClsModule } from 'nestjs-cls';
import { ClsPluginTransactional } from '@nestjs-cls/transactional';
import { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { getDataSourceToken } from '@nestjs/typeorm';
import { RequestContext } from './http/request-context';
import { PageLinks } from './http/pagination/page-links';
import { PublicBaseUrl } from './http/public-base-url';
import { DeferredWork } from './events/deferred-work';
import { EventPublisher } from './events/event-publisher';
import { ConfiguredSecretBox, SecretBox } from './crypto/secret-box';
import { PreparedReads } from './database/prepared-reads';
import { ListenerChecks } from './health/listener-checks';
import { Readiness } from './health/readiness';
import { DatabasePoolMetrics } from './database/pool-metrics';
import { MetricsRegistry } from './metrics/metrics-registry';

function isGlobalEnhancer(provider: Provider): boolean {
  return (
    typeof provider === 'object' && (provider.provide === APP_GUARD || provider.provide === APP_INTERCEPTOR)
  );
}

// nestjs-cls registers a global guard and a global interceptor even when neither is mounted (they are
// then no-ops). Any global interceptor makes Nest run every request through an rxjs chain bound to an
// AsyncResource, ~5% of the CPU of a small GET (docs/benchmarks.md); the CLS context is entered by the
// HTTP pipeline's ClsMiddleware, so both are dropped.
export function withoutClsEnhancers(cls: DynamicModule): DynamicModule {
  return {
    ...cls,
    imports: cls.imports?.map((imported) =>
      typeof imported === 'object' && 'module' in imported && imported.providers
        ? { ...imported, providers: imported.providers.filter((provider) => !isGlobalEnhancer(provider)) }
        : imported,
    ),
  };
}

export const CLS_MODULE = withoutClsEnhancers(
  ClsModule.forRoot({
    global: true,
    // The CLS context is entered by the HTTP pipeline itself (platform/http/express), before auth.
    middleware: { mount: false },
    plugins: [
      new ClsPluginTransactional({
        imports: [],
        adapter: new TransactionalAdapterTypeOrm({ dataSourceToken: getDataSourceToken() }),
        enableTransactionProxy: true,
      }),
    ],
  }),
);

// Cross-cutting services every context may inject. Request-scoped state travels in CLS.
@Global()
@Module({
  imports: [EventEmitterModule.forRoot({ wildcard: true, delimiter: '.', ignoreErrors: false }), CLS_MODULE],
  providers: [
    PublicBaseUrl,
    RequestContext,
    PageLinks,
    EventPublisher,
    DeferredWork,
    PreparedReads,
    ListenerChecks,
    Readiness,
    MetricsRegistry,
    DatabasePoolMetrics,
    { provide: SecretBox, useClass: ConfiguredSecretBox },
  ],
  exports: [
    PublicBaseUrl,
    RequestContext,
    PageLinks,
    EventPublisher,
    DeferredWork,
    PreparedReads,
    SecretBox,
    ListenerChecks,
    Readiness,
    MetricsRegistry,
  ],
})
export class PlatformModule {
  // Tests pass a ManualClock; production uses the system clock.
  static register(options: { clock?: Clock } = {}): DynamicModule {
    return {
      module: PlatformModule,
      providers: [{ provide: Clock, useValue: options.clock ?? new SystemClock() }],
      exports: [Clock],
    };
  }
}
