import { Injectable } from '@nestjs/common';
import { OnEvent } from '@nestjs/event-emitter';
import { TransactionHost } from '@nestjs-cls/transactional';
import { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import type { Principal } from '../../platform/auth/principal';
import {
  DOMAIN_EVENT_BATCH_CHANNEL,
  DOMAIN_EVENT_PREFIX,
  DomainEvent,
  EventActor,
  isWrittenWithBatch,
} from '../../platform/events/domain-event';
import { RequestContext } from '../../platform/http/request-context';
import { toEventEntity } from './event.mapper';
import { EventStore } from './event.store';

export class EventOutsideTransactionError extends Error {
  constructor(eventTypeName: string) {
    super(
      `domain event ${eventTypeName} was published outside a transaction; audit events are written with their change`,
    );
    this.name = 'EventOutsideTransactionError';
  }
}

// Writes every domain event into the publisher's transaction. `suppressErrors: false` makes a failed
// insert reject the publisher's emitInOrder, so the change rolls back with it;
// no `async` option, which would run the listener on a later tick, outside the awaited emit.
@Injectable()
export class EventRecorder {
  constructor(
    private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>,
    private readonly context: RequestContext,
    private readonly store: EventStore,
  ) {}

  @OnEvent(`${DOMAIN_EVENT_PREFIX}**`, { suppressErrors: false })
  async record(event: DomainEvent): Promise<void> {
    if (isWrittenWithBatch(event)) return;
    if (!this.txHost.isTransactionActive()) throw new EventOutsideTransactionError(event.eventTypeName);
    const row = toEventEntity(event, this.actorOf(event), this.rawOf(event));
    await this.store.insert(row);
  }

  // The events published together (EventPublisher.publishMany), in one statement.
  @OnEvent(DOMAIN_EVENT_BATCH_CHANNEL, { suppressErrors: false })
  async recordMany(events: readonly DomainEvent[]): Promise<void> {
    if (events.length === 0) return;
    if (!this.txHost.isTransactionActive()) throw new EventOutsideTransactionError(events[0].eventTypeName);
    const rows = events.map((event) => toEventEntity(event, this.actorOf(event), this.rawOf(event)));
    await this.store.insertMany(rows);
  }

  private actorOf(event: DomainEvent): EventActor {
    if (event.actor === null) return {};
    if (event.actor !== undefined) return event.actor;
    const remoteAddress = this.context.request()?.remoteAddress || undefined;
    const principal = this.context.principal();
    if (!principal) return { remoteAddress };
    const isGlobalAdmin = isGlobal(principal);
    return principal.kind === 'API_KEY'
      ? { apiKeyId: principal.id, publicKey: principal.name, remoteAddress, isGlobalAdmin }
      : { userId: principal.id, username: principal.name, remoteAddress, isGlobalAdmin };
  }

  // The request id ties an audit record to the service's logs for the same call.
  private rawOf(event: DomainEvent): Record<string, unknown> {
    const request = this.context.request();
    if (!request) return { ...event.raw };
    return { ...event.raw, requestId: request.requestId, method: request.method, path: request.path };
  }
}

function isGlobal(principal: Principal): boolean {
  return principal.roles.some((role) => role.orgId === undefined && role.groupId === undefined);
}
