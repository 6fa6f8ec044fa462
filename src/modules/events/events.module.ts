import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { DeletedProjectEntity } from './deleted-project.entity';
import { EventListStore } from './event-list.store';
import { EventEntity } from './event.entity';
import { EventsGroupDeletedListener } from './group-deleted.listener';
import { EventRecorder } from './event-recorder.listener';
import { EventsController } from './events.controller';
import { EventsService } from './events.service';

// The audit backbone: records every domain event in its publisher's transaction and serves the
// project and organization event lists (an organization's includes its deleted projects' events).
// Other contexts publish through EventPublisher only.
@Module({
  imports: [TypeOrmModule.forFeature([EventEntity, DeletedProjectEntity])],
  controllers: [EventsController],
  providers: [EventRecorder, EventsService, EventListStore, EventsGroupDeletedListener],
})
export class EventsModule {}
