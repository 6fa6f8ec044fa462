import { Injectable } from '@nestjs/common';
import { Transactional, TransactionHost } from '@nestjs-cls/transactional';
import { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { In } from 'typeorm';
import { ProjectScope } from '../../../platform/auth/project-scope';
import type { ListEnvelope } from '../../../platform/http/pagination/list-envelope';
import { PageLinks } from '../../../platform/http/pagination/page-links';
import { isObjectId } from '../../../platform/ids/object-id';
import { DeliveriesErrors } from '../deliveries.errors';
import { DeliveryAttemptEntity } from '../queue/delivery-attempt.entity';
import { DeliveryQueue } from '../queue/delivery-queue';
import { DeliveryEntity, type DeliveryStatus } from '../queue/delivery.entity';
import { DeliveryStore } from '../queue/delivery.store';
import { deliveryPath, toDeliveryResponse } from './delivery.mapper';
import type { DeliveryResponse } from './dto/delivery.response';
import type { ListDeliveriesQuery } from './dto/list-deliveries.query';

// The delivery log of a project and the manual redeliver.
@Injectable()
export class DeliveriesService {
  constructor(
    private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>,
    private readonly scope: ProjectScope,
    private readonly links: PageLinks,
    private readonly queue: DeliveryQueue,
    private readonly deliveries: DeliveryStore,
  ) {}

  // Newest first.
  async list(groupId: string, query: ListDeliveriesQuery): Promise<ListEnvelope<DeliveryResponse>> {
    await this.checkProject(groupId);
    const [rows, total] = await this.deliveries.logPage(
      groupId,
      {
        alertId: query.alertId,
        status: query.status as DeliveryStatus | undefined,
        targetType: query.targetType,
      },
      { offset: query.offset, take: query.itemsPerPage },
    );
    return this.links.list(query, await this.toResponses(rows), total);
  }

  async get(groupId: string, deliveryId: string): Promise<DeliveryResponse> {
    await this.checkProject(groupId);
    const [response] = await this.toResponses([await this.find(groupId, deliveryId)]);
    return response;
  }

  // A new delivery to the same receiver with the same payload, due at once; the original is kept.
  @Transactional()
  async redeliver(groupId: string, deliveryId: string): Promise<DeliveryResponse> {
    await this.checkProject(groupId);
    const copy = await this.queue.copy(await this.find(groupId, deliveryId));
    const [response] = await this.toResponses([copy]);
    return response;
  }

  private async toResponses(rows: DeliveryEntity[]): Promise<DeliveryResponse[]> {
    const attempts =
      rows.length === 0
        ? []
        : await this.txHost.tx.getRepository(DeliveryAttemptEntity).find({
            where: { deliveryId: In(rows.map((row) => row.id)) },
            order: { deliveryId: 'ASC', attemptNumber: 'ASC' },
          });
    return rows.map((row) =>
      toDeliveryResponse(
        row,
        attempts.filter((attempt) => attempt.deliveryId === row.id),
        this.links.self(deliveryPath(row.groupId, row.id)),
      ),
    );
  }

  private async find(groupId: string, deliveryId: string): Promise<DeliveryEntity> {
    if (!isObjectId(deliveryId)) throw DeliveriesErrors.INVALID_DELIVERY_ID(deliveryId);
    const row = await this.repository().findOne({ where: { id: deliveryId, groupId } });
    if (!row) throw DeliveriesErrors.DELIVERY_NOT_FOUND(deliveryId, groupId);
    return row;
  }

  // The role guard lets global roles name any project id; an unknown project is a 404.
  private async checkProject(groupId: string): Promise<void> {
    await this.scope.orgOf(groupId);
  }

  private repository() {
    return this.txHost.tx.getRepository(DeliveryEntity);
  }
}
