import { DynamicModule, Global, Module } from '@nestjs/common';
import { Clock, SystemClock } from './clock/clock';
import { EventEmitterModule } from '@nestjs/event-emitter';
import { ClsModule } from 'nestjs-cls';
import { ClsPluginTransactional } from '@nestjs-cls/transactional';
import { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { getDataSourceToken } from '@nestjs/typeorm';
import { RequestContext } from './http/request-context';
import { PageLinks } from './http/pagination/page-links';
import { EventPublisher } from './events/event-publisher';
import { ConfiguredSecretBox, SecretBox } from './crypto/secret-box';

// Cross-cutting services every context may inject. Request-scoped state travels in CLS.
@Global()
@Module({
  imports: [
    EventEmitterModule.forRoot({ wildcard: true, delimiter: '.', ignoreErrors: false }),
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
  ],
  providers: [RequestContext, PageLinks, EventPublisher, { provide: SecretBox, useClass: ConfiguredSecretBox }],
  exports: [RequestContext, PageLinks, EventPublisher, SecretBox],
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
