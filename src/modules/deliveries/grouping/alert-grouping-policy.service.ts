import { Injectable } from '@nestjs/common';
import { Transactional, TransactionHost } from '@nestjs-cls/transactional';
import { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { ProjectScope } from '../../../platform/auth/project-scope';
import { Clock } from '../../../platform/clock/clock';
import { EventPublisher } from '../../../platform/events/event-publisher';
import { PageLinks } from '../../../platform/http/pagination/page-links';
import { assertReadOnlyUnchanged } from '../../../platform/http/read-only-fields';
import { DeliveryEventTypes } from '../deliveries.events';
import { AlertGroupingPolicyEntity } from './alert-grouping-policy.entity';
import {
  alertGroupingPolicyPath,
  noGrouping,
  policyRaw,
  toAlertGroupingPolicyResponse,
} from './alert-grouping-policy.mapper';
import type { AlertGroupingPolicyRequest } from './dto/alert-grouping-policy.request';
import type { AlertGroupingPolicyResponse } from './dto/alert-grouping-policy.response';
import { GROUP_INTERVAL_DEFAULT_SECONDS, GROUP_WAIT_DEFAULT_SECONDS } from './grouping-keys';

// The grouping policy resource: one per project, absent until saved. Groups already under way keep
// the timings they were opened with until they end; a changed groupBy applies to alerts notified next.
@Injectable()
export class AlertGroupingPolicyService {
  constructor(
    private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>,
    private readonly scope: ProjectScope,
    private readonly links: PageLinks,
    private readonly events: EventPublisher,
    private readonly clock: Clock,
  ) {}

  async get(groupId: string): Promise<AlertGroupingPolicyResponse> {
    await this.scope.orgOf(groupId);
    const saved = await this.repository().findOneBy({ groupId });
    return this.toResponse(saved ?? noGrouping(groupId), saved !== null);
  }

  @Transactional()
  async replace(groupId: string, request: AlertGroupingPolicyRequest): Promise<AlertGroupingPolicyResponse> {
    const orgId = await this.scope.orgOf(groupId);
    const now = this.clock.now();
    const before = await this.repository().findOne({
      where: { groupId },
      lock: { mode: 'pessimistic_write' },
    });
    assertReadOnlyUnchanged(request, () => this.toResponse(before ?? noGrouping(groupId), before !== null));
    const policy: AlertGroupingPolicyEntity = {
      groupId,
      groupBy: request.groupBy,
      groupWaitSeconds: request.groupWaitSeconds ?? GROUP_WAIT_DEFAULT_SECONDS,
      groupIntervalSeconds: request.groupIntervalSeconds ?? GROUP_INTERVAL_DEFAULT_SECONDS,
      repeatIntervalMinutes: request.repeatIntervalMinutes ?? null,
      created: before?.created ?? now,
      updated: now,
    };
    await this.repository().upsert(policy, ['groupId']);
    await this.events.publish({
      eventTypeName: DeliveryEventTypes.ALERT_GROUPING_POLICY_CHANGED,
      orgId,
      groupId,
      raw: policyRaw(policy),
      occurredAt: now,
    });
    return this.toResponse(policy, true);
  }

  // Idempotent: deleting a policy never saved answers 204 too, and records nothing.
  @Transactional()
  async delete(groupId: string): Promise<void> {
    const orgId = await this.scope.orgOf(groupId);
    const before = await this.repository().findOne({
      where: { groupId },
      lock: { mode: 'pessimistic_write' },
    });
    if (before === null) return;
    await this.repository().delete({ groupId });
    await this.events.publish({
      eventTypeName: DeliveryEventTypes.ALERT_GROUPING_POLICY_DELETED,
      orgId,
      groupId,
      raw: policyRaw(before),
      occurredAt: this.clock.now(),
    });
  }

  private toResponse(policy: AlertGroupingPolicyEntity, saved: boolean): AlertGroupingPolicyResponse {
    return toAlertGroupingPolicyResponse(
      policy,
      saved,
      this.links.self(alertGroupingPolicyPath(policy.groupId)),
    );
  }

  private repository() {
    return this.txHost.tx.getRepository(AlertGroupingPolicyEntity);
  }
}
