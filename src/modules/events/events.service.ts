import { Injectable } from '@nestjs/common';
import type { LinkResponse } from '../../platform/http/pagination/link.response';
import type { ListEnvelope } from '../../platform/http/pagination/list-envelope';
import { PageLinks } from '../../platform/http/pagination/page-links';
import { isObjectId } from '../../platform/ids/object-id';
import type { EventResponse } from './dto/event.response';
import type { ListEventsQuery } from './dto/list-events.query';
import type { EventEntity } from './event.entity';
import { EventListFilter, EventScope, EventStore } from './event.store';
import { toEventResponse } from './event.mapper';
import { parseTimestamp } from './event-timestamp';
import { EventsErrors } from './events.errors';

@Injectable()
export class EventsService {
  constructor(
    private readonly store: EventStore,
    private readonly links: PageLinks,
  ) {}

  listForProject(groupId: string, query: ListEventsQuery): Promise<ListEnvelope<EventResponse>> {
    return this.list({ groupId }, query);
  }

  async listForOrg(orgId: string, query: ListEventsQuery): Promise<ListEnvelope<EventResponse>> {
    return this.list({ orgId, deletedGroupIds: await this.store.deletedProjectsOf(orgId) }, query);
  }

  async getForProject(groupId: string, eventId: string, includeRaw: boolean): Promise<EventResponse> {
    const event = await this.findOne({ groupId }, eventId);
    if (!event) throw EventsErrors.EVENT_NOT_FOUND(eventId, groupId);
    return toEventResponse(event, this.selfLinks({ groupId }, event), includeRaw);
  }

  async getForOrg(orgId: string, eventId: string, includeRaw: boolean): Promise<EventResponse> {
    const deletedGroupIds = await this.store.deletedProjectsOf(orgId);
    const event = await this.findOne({ orgId, deletedGroupIds }, eventId);
    if (!event) throw EventsErrors.ORG_EVENT_NOT_FOUND(eventId, orgId);
    return toEventResponse(event, this.selfLinks({ orgId }, event), includeRaw);
  }

  private async list(scope: EventScope, query: ListEventsQuery): Promise<ListEnvelope<EventResponse>> {
    const filter: EventListFilter = {
      scope,
      eventTypes: query.eventType ?? [],
      from: query.minDate === undefined ? undefined : parseTimestamp(query.minDate)?.start,
      until: query.maxDate === undefined ? undefined : parseTimestamp(query.maxDate)?.end,
    };
    // Without includeCount one extra row tells whether a next page exists, and the COUNT is skipped.
    const limit = query.includeCount ? query.itemsPerPage : query.itemsPerPage + 1;
    let rows: EventEntity[];
    let totalCount: number;
    if (query.includeCount) {
      ({ rows, totalCount } = await this.store.pageWithCount(filter, query.offset, limit, query.includeRaw));
    } else {
      rows = await this.store.page(filter, query.offset, limit, query.includeRaw);
      totalCount = query.offset + rows.length;
    }
    const parent = this.parentPath(scope);
    const self = this.links.selfLinks();
    const results = rows
      .slice(0, query.itemsPerPage)
      .map((row) => toEventResponse(row, self(`${parent}/events/${row.id}`), query.includeRaw));
    return this.links.list(query, results, totalCount);
  }

  private async findOne(scope: EventScope, eventId: string): Promise<EventEntity | undefined> {
    if (!isObjectId(eventId)) return undefined;
    return this.store.findOne(scope, eventId);
  }

  private selfLinks(scope: EventScope, event: EventEntity): LinkResponse[] {
    return this.links.self(`${this.parentPath(scope)}/events/${event.id}`);
  }

  private parentPath(scope: EventScope): string {
    return 'groupId' in scope ? `/groups/${scope.groupId}` : `/orgs/${scope.orgId}`;
  }
}
