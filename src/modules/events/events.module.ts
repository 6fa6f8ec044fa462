import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { EventListStore } from './event-list.store';
import { EventEntity } from './event.entity';
import { EventRecorder } from './event-recorder.listener';
import { EventsController } from './events.controller';
import { EventsService } from './events.service';

// The audit backbone: records every domain event in its publisher's transaction and serves the
// project and organization event lists. Other contexts publish through EventPublisher only.
@Module({
  imports: [TypeOrmModule.forFeature([EventEntity])],
  controllers: [EventsController],
  providers: [EventRecorder, EventsService, EventListStore],
})
export class EventsModule {}
