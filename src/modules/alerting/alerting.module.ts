import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AutomationModule } from '../automation';
import { IdentityModule } from '../identity';
import { IntegrationsModule } from '../integrations';
import { AlertConfigEntity } from './alert-configs/alert-config.entity';
import { AlertConfigsController } from './alert-configs/alert-configs.controller';
import { UserNotificationMembers } from './alert-configs/user-notification-members';
import { AlertConfigsService } from './alert-configs/alert-configs.service';
import { DefaultAlertConfigsListener } from './alert-configs/default-alert-configs.listener';
import { IntegrationRemovedListener } from './alert-configs/integration-removed.listener';
import { ProjectIntegrations } from './alert-configs/project-integrations';
import { MatcherFieldNamesController } from './alert-configs/matcher-field-names.controller';
import { NamedRecipientsListener } from './alert-configs/named-recipients.listener';
import { AlertEntity } from './alerts/alert.entity';
import { AlertsController } from './alerts/alerts.controller';
import { AlertsService } from './alerts/alerts.service';
import { OpenAlertsMetrics } from './alerts/open-alerts.metrics';
import { AlertConfigStore } from './alert-configs/alert-config.store';
import { AlertStore } from './alerts/alert.store';
import { AlertSettingsReadModelStore } from './alerts/alert-settings-read-model.store';
import { AlertEngine } from './engine/alert-engine.service';
import { AlertConfigReconciler } from './engine/alert-config-reconciler';
import { AlertDecisions } from './engine/alert-decisions';
import { AlertInhibition } from './engine/alert-inhibition';
import { AlertEngineScheduler } from './engine/alert-engine.scheduler';
import { DeploymentConditionAlerts } from './engine/deployment-condition-alerts';
import { AlertingGroupDeletedListener } from './group-deleted.listener';
import { InformationalAlerts } from './engine/informational-alerts.listener';
import { EnabledConfigsCache } from './engine/enabled-configs.cache';
import { StaleMetricAlerts } from './engine/stale-metric-alerts';
import { GlobalAlertConfigDefinitions } from './global-alert-configs/global-alert-config-definitions';
import { GlobalAlertConfigEntity } from './global-alert-configs/global-alert-config.entity';
import { GlobalAlertConfigsController } from './global-alert-configs/global-alert-configs.controller';
import { GlobalAlertConfigsService } from './global-alert-configs/global-alert-configs.service';
import { ProjectTagsChangedListener } from './global-alert-configs/project-tags-changed.listener';
import { GlobalAlertsController } from './global-alerts/global-alerts.controller';
import { GlobalAlertsService } from './global-alerts/global-alerts.service';
import { MaintenanceWindowEntity } from './maintenance-windows/maintenance-window.entity';
import { MaintenanceWindowsController } from './maintenance-windows/maintenance-windows.controller';
import { MaintenanceWindowsService } from './maintenance-windows/maintenance-windows.service';

// Alert configurations, alerts and maintenance windows. The exported services are for the
// integrations and deliveries contexts; nothing here is reachable from another context but through index.ts.
@Module({
  // IdentityModule provides the ProjectDirectory (a project's organization, for events and existence).
  // AutomationModule provides the DeploymentReader the alert engine reads hosts through; IntegrationsModule
  // the project's integrations that notifications without a target of their own are sent with.
  imports: [
    IdentityModule,
    AutomationModule,
    IntegrationsModule,
    TypeOrmModule.forFeature([
      AlertConfigEntity,
      GlobalAlertConfigEntity,
      AlertEntity,
      MaintenanceWindowEntity,
    ]),
  ],
  controllers: [
    AlertConfigsController,
    MatcherFieldNamesController,
    AlertsController,
    MaintenanceWindowsController,
    GlobalAlertConfigsController,
    GlobalAlertsController,
  ],
  providers: [
    AlertConfigsService,
    UserNotificationMembers,
    DefaultAlertConfigsListener,
    NamedRecipientsListener,
    ProjectIntegrations,
    IntegrationRemovedListener,
    AlertsService,
    OpenAlertsMetrics,
    AlertStore,
    AlertSettingsReadModelStore,
    AlertConfigStore,
    MaintenanceWindowsService,
    EnabledConfigsCache,
    AlertEngine,
    AlertDecisions,
    AlertConfigReconciler,
    StaleMetricAlerts,
    AlertEngineScheduler,
    DeploymentConditionAlerts,
    InformationalAlerts,
    AlertingGroupDeletedListener,
    AlertInhibition,
    GlobalAlertConfigDefinitions,
    GlobalAlertConfigsService,
    GlobalAlertsService,
    ProjectTagsChangedListener,
  ],
  exports: [
    AlertConfigsService,
    UserNotificationMembers,
    AlertsService,
    MaintenanceWindowsService,
    AlertInhibition,
    AlertEngine,
    StaleMetricAlerts,
  ],
})
export class AlertingModule {}
