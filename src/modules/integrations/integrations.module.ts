import { IntegrationsGroupDeletedListener } from './group-deleted.listener';
import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AutomationModule } from '../automation';
import { IdentityModule } from '../identity';
import { IntegrationEntity } from './configurations/integration.entity';
import { IntegrationSettingsWriter } from './configurations/integration-settings.writer';
import { IntegrationsController } from './configurations/integrations.controller';
import { IntegrationsService } from './configurations/integrations.service';
import { MetricsController } from './metrics/metrics.controller';
import { ServiceMetrics } from './metrics/service-metrics';
import { PrometheusDiscoveryController } from './prometheus/prometheus-discovery.controller';
import { PrometheusDiscoveryService } from './prometheus/prometheus-discovery.service';

// Third-party integrations of a project (configuration API), Prometheus discovery and the service's own
// metrics. IntegrationsService is exported for the delivery side (configuredFor).
@Module({
  // IdentityModule provides the ProjectDirectory (a project's organization, for events and existence) and
  // project names; AutomationModule the DeploymentReader (the monitored hosts Prometheus scrapes).
  imports: [IdentityModule, AutomationModule, TypeOrmModule.forFeature([IntegrationEntity])],
  controllers: [IntegrationsController, PrometheusDiscoveryController, MetricsController],
  providers: [
    IntegrationsService,
    IntegrationSettingsWriter,
    PrometheusDiscoveryService,
    ServiceMetrics,
    IntegrationsGroupDeletedListener,
  ],
  exports: [IntegrationsService],
})
export class IntegrationsModule {}
