import { DynamicModule, Module } from '@nestjs/common';
import { ConfigModule } from './platform/config/config.module';
import { DatabaseModule } from './platform/database/database.module';
import { PlatformModule } from './platform/platform.module';
import type { Clock } from './platform/clock/clock';
import type { AppConfig } from './platform/config/app-config';
import { AuthModule } from './platform/auth/auth.module';
import { DeploymentFactsModule } from './platform/deployments/deployment-facts.module';
import { MailModule } from './platform/mail/mail.module';
import { HealthController } from './platform/health/health.controller';
import { EventsModule } from './modules/events';
import { IdentityModule } from './modules/identity';
import { AccessListsModule } from './modules/access-lists';
import { AlertingModule } from './modules/alerting';
import { IntegrationsModule } from './modules/integrations';
import { AutomationModule } from './modules/automation';
import { FederationModule } from './modules/federation';
import { DeliveriesModule } from './modules/deliveries';

export interface AppModuleOptions {
  config: AppConfig;
  databaseUrl: string;
  // The role the runtime connections switch to (prepareDatabase); undefined: the DATABASE_URL user.
  databaseRole: string | undefined;
  clock?: Clock;
}

@Module({})
export class AppModule {
  static register(options: AppModuleOptions): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ConfigModule.forRoot(options.config),
        DatabaseModule.forRoot(options.databaseUrl, options.databaseRole),
        PlatformModule.register({ clock: options.clock }),
        AuthModule.register({ imports: [IdentityModule, AccessListsModule] }),
        DeploymentFactsModule.register({ imports: [AutomationModule] }),
        MailModule.register({ imports: [DeliveriesModule] }),
        EventsModule,
        IdentityModule,
        AccessListsModule,
        AlertingModule,
        IntegrationsModule,
        AutomationModule,
        FederationModule,
        DeliveriesModule,
      ],
      controllers: [HealthController],
    };
  }
}
