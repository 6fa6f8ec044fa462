import { Injectable } from '@nestjs/common';
import { Transactional, TransactionHost } from '@nestjs-cls/transactional';
import { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { ProjectScope } from '../../../platform/auth/project-scope';
import { Clock } from '../../../platform/clock/clock';
import { SecretBox } from '../../../platform/crypto/secret-box';
import { EventPublisher } from '../../../platform/events/event-publisher';
import { CommonErrors } from '../../../platform/http/error-codes';
import type { ListEnvelope } from '../../../platform/http/pagination/list-envelope';
import { PageLinks } from '../../../platform/http/pagination/page-links';
import type { PageQuery } from '../../../platform/http/pagination/page.query';
import { IntegrationsErrors } from '../integrations.errors';
import { IntegrationEventTypes, type IntegrationEventRaw } from '../integrations.events';
import { hashPassword } from '../prometheus/prometheus-password';
import type { IntegrationResponse } from './dto/integration.response';
import { IntegrationEntity } from './integration.entity';
import { toIntegrationResponse } from './integration.mapper';
import { parseIntegrationRequest } from './integration-request.parser';
import { IntegrationSettingsWriter } from './integration-settings.writer';
import { openSettings, restoreRedactedSecrets, sealSettings } from './integration-secrets';
import type { IntegrationDraft, IntegrationSettings, SettingsOf } from './integration-settings';
import { isIntegrationType, type IntegrationType } from './integration-types';

type EventTypeName = (typeof IntegrationEventTypes)[keyof typeof IntegrationEventTypes];

// Third-party integrations of a project (the PUT/POST/GET/DELETE of /groups/{groupId}/integrations). Every
// change runs in one transaction with its audit event; secrets are sealed before they reach the database.
@Injectable()
export class IntegrationsService {
  constructor(
    private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>,
    private readonly scope: ProjectScope,
    private readonly events: EventPublisher,
    private readonly links: PageLinks,
    private readonly clock: Clock,
    private readonly secrets: SecretBox,
    private readonly writer: IntegrationSettingsWriter,
  ) {}

  async list(groupId: string, page: PageQuery): Promise<ListEnvelope<IntegrationResponse>> {
    await this.scope.orgOf(groupId);
    return this.page(groupId, page);
  }

  async get(groupId: string, integrationType: string): Promise<IntegrationResponse> {
    const type = typeOf(integrationType);
    await this.scope.orgOf(groupId);
    const settings = await this.configuredFor(groupId, type);
    if (settings === null) throw IntegrationsErrors.INTEGRATION_NOT_CONFIGURED(type);
    return toIntegrationResponse(settings);
  }

  // PUT /groups/{groupId}/integrations/{integrationType}: replaces the whole configuration of the type,
  // adding it when missing.
  @Transactional()
  async replace(
    groupId: string,
    integrationType: string,
    body: unknown,
    page: PageQuery,
  ): Promise<ListEnvelope<IntegrationResponse>> {
    const type = typeOf(integrationType);
    const orgId = await this.scope.orgOf(groupId);
    const draft = await parseIntegrationRequest(type, body);
    const current = await this.repository().findOne({
      where: { groupId, type },
      lock: { mode: 'pessimistic_write' },
    });
    const kept = restoreRedactedSecrets(draft, current && openSettings(current.settings, this.secrets));
    await this.writer.upsert(groupId, type, await this.sealed(kept), this.clock.now());
    await this.publish(IntegrationEventTypes.INTEGRATION_CONFIGURED, orgId, groupId, type);
    return this.page(groupId, page);
  }

  // The product's create: adds the type, refused with 409 when it is already configured.
  @Transactional()
  async create(
    groupId: string,
    integrationType: string,
    body: unknown,
    page: PageQuery,
  ): Promise<ListEnvelope<IntegrationResponse>> {
    const type = typeOf(integrationType);
    const orgId = await this.scope.orgOf(groupId);
    // A redacted value has nothing to stand for here: refused (integration-secrets.ts).
    const draft = restoreRedactedSecrets(await parseIntegrationRequest(type, body), null);
    const inserted = await this.writer.insertIfAbsent(
      groupId,
      type,
      await this.sealed(draft),
      this.clock.now(),
    );
    if (!inserted) throw IntegrationsErrors.INTEGRATION_ALREADY_CONFIGURED(type);
    await this.publish(IntegrationEventTypes.INTEGRATION_CONFIGURED, orgId, groupId, type);
    return this.page(groupId, page);
  }

  // A type that alert notifications rely on (they carry no target of their own) is not removed: alerting
  // listens to INTEGRATION_REMOVED in this transaction and refuses it (WEBHOOK_NOTIFICATIONS_PRESENT as
  // the product, INTEGRATION_NOTIFICATIONS_PRESENT for the other types).
  @Transactional()
  async remove(groupId: string, integrationType: string): Promise<void> {
    const type = typeOf(integrationType);
    const orgId = await this.scope.orgOf(groupId);
    const deleted = await this.repository().delete({ groupId, type });
    if (!deleted.affected) throw IntegrationsErrors.INTEGRATION_NOT_CONFIGURED(type);
    await this.publish(IntegrationEventTypes.INTEGRATION_REMOVED, orgId, groupId, type);
  }

  // For the delivery side (internal, never exposed over HTTP): the configuration of one type with its
  // secrets in clear, or null when the project has none. PROMETHEUS carries a password hash, not the password.
  // `holdUntilCommit`: the row is share-locked in the caller's transaction, so a concurrent removal waits for
  // it (and then sees what the caller wrote), or the caller waits for the removal and finds nothing.
  async configuredFor<T extends IntegrationType>(
    groupId: string,
    type: T,
    options: { holdUntilCommit?: boolean } = {},
  ): Promise<SettingsOf<T> | null> {
    const row = await this.repository().findOne({
      where: { groupId, type },
      ...(options.holdUntilCommit ? { lock: { mode: 'pessimistic_read' as const } } : {}),
    });
    return row ? (openSettings(row.settings, this.secrets) as SettingsOf<T>) : null;
  }

  private async page(groupId: string, page: PageQuery): Promise<ListEnvelope<IntegrationResponse>> {
    const [rows, total] = await this.repository().findAndCount({
      where: { groupId },
      order: { created: 'ASC', type: 'ASC' },
      skip: page.offset,
      take: page.itemsPerPage,
    });
    const results = rows.map((row) => toIntegrationResponse(openSettings(row.settings, this.secrets)));
    return this.links.list(page, results, total);
  }

  private async sealed(draft: IntegrationDraft): Promise<ReturnType<typeof sealSettings>> {
    if (draft.type !== 'PROMETHEUS') return sealSettings(draft, this.secrets);
    const { password, ...rest } = draft;
    const settings: IntegrationSettings = { ...rest, passwordHash: await hashPassword(password) };
    return sealSettings(settings, this.secrets);
  }

  private async publish(eventTypeName: EventTypeName, orgId: string, groupId: string, type: IntegrationType) {
    const raw: IntegrationEventRaw = { integrationType: type };
    await this.events.publish({ eventTypeName, orgId, groupId, raw: { ...raw } });
  }

  private repository() {
    return this.txHost.tx.getRepository(IntegrationEntity);
  }
}

function typeOf(integrationType: string): IntegrationType {
  if (!isIntegrationType(integrationType))
    throw CommonErrors.INVALID_ENUM_VALUE(integrationType, 'integrationType');
  return integrationType;
}
