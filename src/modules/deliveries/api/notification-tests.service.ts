import { Inject, Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { ProjectScope } from '../../../platform/auth/project-scope';
import { Clock } from '../../../platform/clock/clock';
import type { AppConfig } from '../../../platform/config/app-config';
import { APP_CONFIG } from '../../../platform/config/config.module';
import { CommonErrors } from '../../../platform/http/error-codes';
import { PageLinks } from '../../../platform/http/pagination/page-links';
import { withOutboundTimeout } from '../../../platform/net/outbound';
import {
  AlertConfigsService,
  checkNotification,
  type Notification,
  type NotificationInput,
  UserNotificationMembers,
} from '../../alerting';
import { buildWebhookRequest, NotifierRegistry, type AlertEventKind } from '../notifiers';
import { DeliveriesErrors } from '../deliveries.errors';
import { Recipients } from '../policy/recipients';
import type { TemplatePreviewRequest } from './dto/template-preview.request';
import type { TemplatePreviewResponse } from './dto/template-preview.response';
import type { TestNotificationRequest } from './dto/test-notification.request';
import type {
  TestNotificationResponse,
  TestNotificationResultResponse,
} from './dto/test-notification.response';
import { sampleAlert } from './sample-alert';

// Test notifications (one attempt per receiver, answered synchronously, not queued nor logged as a
// delivery) and webhook template previews (rendered only, nothing sent).
@Injectable()
export class NotificationTestsService {
  constructor(
    private readonly scope: ProjectScope,
    private readonly alertConfigs: AlertConfigsService,
    private readonly userMembers: UserNotificationMembers,
    private readonly recipients: Recipients,
    private readonly notifiers: NotifierRegistry,
    private readonly links: PageLinks,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async test(groupId: string, request: TestNotificationRequest): Promise<TestNotificationResponse> {
    const orgId = await this.scope.orgOf(groupId);
    const { notification, alertConfigId } = await this.notificationOf(groupId, request);
    // Sent to the receivers: links under the public base URL, never the caller's Host.
    const alert = sampleAlert(groupId, this.clock.now(), (path) => this.links.persistentHref(path), {
      alertConfigId,
    });
    const receivers = await this.recipients.resolve(notification, groupId, orgId);
    const results = await Promise.all(
      receivers.map(async (receiver): Promise<TestNotificationResultResponse> => {
        const base = {
          targetType: receiver.targetType,
          ...(receiver.recipient ? { recipient: receiver.recipient } : {}),
        };
        if (receiver.target === null) {
          return {
            ...base,
            ok: false,
            error: receiver.problem ?? 'the receiver could not be resolved',
            latencyMs: 0,
          };
        }
        // The caller waits for the answer: every call gets TEST_NOTIFICATION_TIMEOUT_MS, not the
        // queued deliveries' OUTBOUND_TIMEOUT_MS.
        const target = receiver.target;
        const result = await withOutboundTimeout(this.config.testNotificationTimeoutMs, () =>
          this.notifiers.notify(target, alert, 'alert.inform', { orgId }),
        );
        const answer: TestNotificationResultResponse = {
          ...base,
          ok: result.ok,
          latencyMs: result.latencyMs,
        };
        if (result.status !== undefined) answer.statusCode = result.status;
        if (result.error !== undefined) answer.error = result.error;
        if (result.response !== undefined) answer.response = result.response;
        if (result.renderFallback !== undefined) answer.renderFallback = result.renderFallback;
        return answer;
      }),
    );
    return { results };
  }

  async preview(groupId: string, request: TemplatePreviewRequest): Promise<TemplatePreviewResponse> {
    const orgId = await this.scope.orgOf(groupId);
    // The document as a notification would carry it.
    const alert = sampleAlert(groupId, this.clock.now(), (path) => this.links.persistentHref(path), {
      eventTypeName: request.eventTypeName,
    });
    const rendered = buildWebhookRequest(
      {
        type: 'WEBHOOK',
        url: 'https://preview.invalid/',
        secret: request.webhookSecret,
        bodyTemplate: request.bodyTemplate,
        headersTemplate: request.headersTemplate,
      },
      alert,
      (request.eventKind ?? 'alert.open') as AlertEventKind,
      { orgId },
      randomUUID(),
    );
    const response: TemplatePreviewResponse = {
      sampleAlert: alert,
      body: rendered.body,
      headers: rendered.headers,
      fellBack: rendered.renderFallback !== undefined,
    };
    if (rendered.renderFallback) response.renderFallback = rendered.renderFallback;
    return response;
  }

  private async notificationOf(
    groupId: string,
    request: TestNotificationRequest,
  ): Promise<{ notification: Notification; alertConfigId?: string }> {
    if (request.notification !== undefined && request.alertConfigId !== undefined) {
      throw CommonErrors.VALIDATION_ERROR(
        'notification',
        'give either notification or alertConfigId, not both',
      );
    }
    if (request.notification !== undefined) {
      if (request.notificationIndex !== undefined) throw CommonErrors.INVALID_ATTRIBUTE('notificationIndex');
      const input = { ...request.notification } as NotificationInput;
      const notification = checkNotification(input, 'notification');
      await this.userMembers.assertMembers(groupId, [notification], () => 'notification');
      return { notification };
    }
    if (request.alertConfigId === undefined) {
      throw CommonErrors.MISSING_ONE_OF_ATTRIBUTES('notification, alertConfigId');
    }
    const config = await this.alertConfigs.definitionOf(groupId, request.alertConfigId);
    if (!config) throw DeliveriesErrors.ALERT_CONFIG_NOT_FOUND(request.alertConfigId, groupId);
    const index = request.notificationIndex ?? 0;
    const notification = config.notifications[index];
    if (notification === undefined) throw DeliveriesErrors.NOTIFICATION_NOT_FOUND(config.id, index);
    return { notification, alertConfigId: config.id };
  }
}
