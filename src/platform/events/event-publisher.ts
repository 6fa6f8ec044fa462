import { Injectable } from '@nestjs/common';
import { EventEmitter2 } from '@nestjs/event-emitter';
import {
  DOMAIN_EVENT_BATCH_CHANNEL,
  domainEventChannel,
  markWrittenWithBatch,
  type DomainEventOf,
} from './domain-event';
import { emitInOrder } from './emit-in-order';

// Publishes inside the caller's transaction: listeners are declared with suppressErrors: false,
// so a failing listener (e.g. the audit insert) rejects here and rolls the whole change back. They run
// one at a time (emitInOrder), so none is still writing when the transaction rolls back.
@Injectable()
export class EventPublisher {
  constructor(private readonly emitter: EventEmitter2) {}

  // The name's entry in the event map (domain-event.ts) types `raw`.
  async publish<K extends string>(event: DomainEventOf<K>): Promise<void> {
    await emitInOrder(this.emitter, domainEventChannel(event.eventTypeName), event);
  }

  // Many events of one change (the alerts one report raises, a batch of delivery attempts recorded together): their audit rows are
  // written by one statement (the batch channel's listener), then each event goes to its own channel's
  // listeners as publish sends it, the recorder excepted.
  async publishMany<K extends string>(events: ReadonlyArray<DomainEventOf<K>>): Promise<void> {
    if (events.length === 0) return;
    markWrittenWithBatch(events);
    await emitInOrder(this.emitter, DOMAIN_EVENT_BATCH_CHANNEL, events);
    for (const event of events)
      await emitInOrder(this.emitter, domainEventChannel(event.eventTypeName), event);
  }
}
