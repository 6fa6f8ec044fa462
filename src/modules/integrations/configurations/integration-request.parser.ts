import { plainToInstance } from 'class-transformer';
import { validate, type ValidationError } from 'class-validator';
import type { ApiError } from '../../../platform/http/api-error';
import { CommonErrors } from '../../../platform/http/error-codes';
import { IntegrationsErrors } from '../integrations.errors';
import {
  DatadogIntegrationRequest,
  MicrosoftTeamsIntegrationRequest,
  NewRelicIntegrationRequest,
  OpsGenieIntegrationRequest,
  PagerDutyIntegrationRequest,
  PrometheusIntegrationRequest,
  SlackIntegrationRequest,
  VictorOpsIntegrationRequest,
  WebhookIntegrationRequest,
} from './dto/integration.request';
import type { IntegrationDraft } from './integration-settings';
import type { IntegrationType } from './integration-types';

export const INTEGRATION_REQUEST_CLASSES = {
  PAGER_DUTY: PagerDutyIntegrationRequest,
  SLACK: SlackIntegrationRequest,
  NEW_RELIC: NewRelicIntegrationRequest,
  OPS_GENIE: OpsGenieIntegrationRequest,
  VICTOR_OPS: VictorOpsIntegrationRequest,
  WEBHOOK: WebhookIntegrationRequest,
  MICROSOFT_TEAMS: MicrosoftTeamsIntegrationRequest,
  PROMETHEUS: PrometheusIntegrationRequest,
  DATADOG: DatadogIntegrationRequest,
} as const satisfies Record<IntegrationType, new () => object>;

// A wrong JSON type says more than "must not be empty" or a length: reported first.
const CONSTRAINT_PRIORITY = ['isIn', 'isString', 'isBoolean', 'isNotEmpty'];

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

// The body's shape depends on `type`, so the global pipe cannot pick the class: validation runs here,
// with the same refusal of unknown fields (INVALID_ATTRIBUTE). Every other failure is the product's
// INVALID_INTEGRATION_SETTINGS naming the field; reasons never echo a value (values may be secrets).
export async function parseIntegrationRequest(
  type: IntegrationType,
  body: unknown,
): Promise<IntegrationDraft> {
  const input = body ?? {};
  if (!isPlainObject(input)) throw CommonErrors.INVALID_JSON();
  const invalid = (reason: string) => IntegrationsErrors.INVALID_INTEGRATION_SETTINGS(type, reason);
  if (input.type === undefined || input.type === null) throw invalid('type is required');
  if (input.type !== type) throw invalid(`type must be ${type}, the integration type of the path`);
  const requestClass: new () => object = INTEGRATION_REQUEST_CLASSES[type];
  const request = plainToInstance(requestClass, input);
  const errors = await validate(request, {
    whitelist: true,
    forbidNonWhitelisted: true,
    forbidUnknownValues: true,
    validationError: { target: false, value: true },
  });
  if (errors.length > 0) throw toApiError(errors[0], invalid);
  return toDraft(type, { ...request }, invalid);
}

function toApiError(error: ValidationError, invalid: (reason: string) => ApiError): ApiError {
  const constraints = error.constraints ?? {};
  if ('whitelistValidation' in constraints) return CommonErrors.INVALID_ATTRIBUTE(error.property);
  if (error.value === undefined || error.value === null) return invalid(`${error.property} is required`);
  const name =
    CONSTRAINT_PRIORITY.find((candidate) => candidate in constraints) ?? Object.keys(constraints)[0];
  return invalid(constraints[name] ?? `${error.property} is invalid`);
}

function toDraft(
  type: IntegrationType,
  request: Record<string, unknown>,
  invalid: (reason: string) => ApiError,
): IntegrationDraft {
  // Optional text sent empty means "not set" (settings-fields.ts).
  const settings = Object.fromEntries(
    Object.entries(request).filter(([, value]) => value !== undefined && value !== null && value !== ''),
  );
  switch (type) {
    case 'OPS_GENIE':
    case 'DATADOG':
      settings.region ??= 'US';
      break;
    case 'PROMETHEUS':
      if (settings.scheme === 'https' && settings.tlsPemPath === undefined)
        throw invalid('tlsPemPath is required when scheme is https');
      break;
    default:
      break;
  }
  return settings as unknown as IntegrationDraft;
}
