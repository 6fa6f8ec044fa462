import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AlertingModule } from '../alerting';
import { IdentityModule } from '../identity';
import { IntegrationsModule } from '../integrations';
import { DeliveriesController } from './api/deliveries.controller';
import { DeliveriesService } from './api/deliveries.service';
import { NotificationTestsController } from './api/notification-tests.controller';
import { NotificationTestsService } from './api/notification-tests.service';
import { DeliveriesScheduler } from './deliveries.scheduler';
import { NotificationPolicy } from './policy/notification-policy';
import { NotificationScheduleEntity } from './policy/notification-schedule.entity';
import { Recipients } from './policy/recipients';
import { DeliveryAttemptEntity } from './queue/delivery-attempt.entity';
import { DeliveryClaimStore } from './queue/delivery-claim.store';
import { DeliveryQueue } from './queue/delivery-queue';
import { DeliveryWorker } from './queue/delivery-worker';
import { DeliveryEntity } from './queue/delivery.entity';

// Notification and delivery of alerts: the notification policy (what is due, silences), the durable
// delivery queue and its worker, the delivery log, test notifications and template previews.
@Module({
  imports: [
    AlertingModule,
    IntegrationsModule,
    IdentityModule,
    TypeOrmModule.forFeature([DeliveryEntity, DeliveryAttemptEntity, NotificationScheduleEntity]),
  ],
  controllers: [DeliveriesController, NotificationTestsController],
  providers: [
    DeliveryClaimStore,
    DeliveryQueue,
    DeliveryWorker,
    Recipients,
    NotificationPolicy,
    DeliveriesScheduler,
    DeliveriesService,
    NotificationTestsService,
  ],
  exports: [DeliveryWorker, NotificationPolicy],
})
export class DeliveriesModule {}
