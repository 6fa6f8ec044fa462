import { DeliveriesGroupDeletedListener } from './group-deleted.listener';
import { Module } from '@nestjs/common';
import { AlertGroupingPolicyController } from './grouping/alert-grouping-policy.controller';
import { AlertGroupingPolicyEntity } from './grouping/alert-grouping-policy.entity';
import { AlertGroupingPolicyService } from './grouping/alert-grouping-policy.service';
import { GroupFlusher } from './grouping/group-flusher';
import { GroupMessageSender } from './grouping/group-message-sender';
import { NotificationGroupMemberEntity } from './grouping/notification-group-member.entity';
import { NotificationGroupEntity } from './grouping/notification-group.entity';
import { NotificationGroups } from './grouping/notification-groups';
import { NotificationGroupsStore } from './grouping/notification-groups.store';
import { ProjectGroupsEnding } from './grouping/project-groups-ending';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AlertingModule } from '../alerting';
import { IdentityModule } from '../identity';
import { IntegrationsModule } from '../integrations';
import { DeliveriesController } from './api/deliveries.controller';
import { DeliveriesService } from './api/deliveries.service';
import { NotificationTestsController } from './api/notification-tests.controller';
import { NotificationTestsService } from './api/notification-tests.service';
import { DeliveriesScheduler } from './deliveries.scheduler';
import { NotifiersModule } from './notifiers/notifiers.module';
import { NotificationPolicy } from './policy/notification-policy';
import { NotificationReplanListener } from './policy/notification-replan.listener';
import { NotificationSchedulesStore } from './policy/notification-schedules.store';
import { NotificationScheduleEntity } from './policy/notification-schedule.entity';
import { Recipients } from './policy/recipients';
import { DeliveryAttemptEntity } from './queue/delivery-attempt.entity';
import { DeliveryDueSignal } from './queue/delivery-due-signal.store';
import { DeliveryLeases } from './queue/delivery-leases';
import { DeliveryQueue } from './queue/delivery-queue';
import { DeliveryWorker } from './queue/delivery-worker';
import { DeliveryEntity } from './queue/delivery.entity';
import { DeliveryMetrics } from './queue/delivery.metrics';
import { DeliveryStore } from './queue/delivery.store';
import { ToldReceiversReadModelStore } from './queue/told-receivers-read-model.store';

// Notification and delivery of alerts: the notification policy (what is due, silences), the durable
// delivery queue and its worker, the notifiers that call the receivers (the only code that sends), the
// delivery log, test notifications and template previews.
@Module({
  imports: [
    AlertingModule,
    IntegrationsModule,
    IdentityModule,
    NotifiersModule,
    TypeOrmModule.forFeature([
      DeliveryEntity,
      DeliveryAttemptEntity,
      NotificationScheduleEntity,
      AlertGroupingPolicyEntity,
      NotificationGroupEntity,
      NotificationGroupMemberEntity,
    ]),
  ],
  controllers: [DeliveriesController, NotificationTestsController, AlertGroupingPolicyController],
  providers: [
    AlertGroupingPolicyService,
    NotificationGroups,
    NotificationGroupsStore,
    GroupFlusher,
    GroupMessageSender,
    ProjectGroupsEnding,
    DeliveryStore,
    DeliveryLeases,
    DeliveryQueue,
    DeliveryDueSignal,
    DeliveryWorker,
    DeliveryMetrics,
    Recipients,
    NotificationPolicy,
    NotificationReplanListener,
    NotificationSchedulesStore,
    DeliveriesScheduler,
    DeliveriesService,
    NotificationTestsService,
    ToldReceiversReadModelStore,
    DeliveriesGroupDeletedListener,
  ],
  // NotifiersModule: its Mailer, made injectable everywhere by MailModule (app.module.ts).
  exports: [DeliveryWorker, NotificationPolicy, GroupFlusher, NotifiersModule],
})
export class DeliveriesModule {}
