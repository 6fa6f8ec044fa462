import { createHmac } from 'node:crypto';
import { renderWebhookBody, renderWebhookHeaders, WEBHOOK_TEMPLATE_MAX_LENGTH } from '../../alerting';
import type { WebhookTarget } from './notification-target';
import type { AlertContext, AlertDocument, AlertEventKind, RenderFallback } from './notifier';

export interface WebhookRequest {
  body: string;
  headers: Record<string, string>;
  renderFallback?: RenderFallback;
  // Set when a template needs more than a render may use: nothing is sent and the delivery fails with
  // this message (retrying renders the same alert the same way).
  overBudget?: string;
}

// The product's webhook signature: Base64 of HMAC-SHA1 over the raw body, keyed with the secret, no prefix.
export function webhookSignature(body: string, secret: string): string {
  return createHmac('sha1', secret).update(body, 'utf8').digest('base64');
}

// `event`: an AlertEventKind, or alert.group for a group message.
export function defaultWebhookHeaders(
  event: string,
  requestId: string,
  signature: string | undefined,
): Record<string, string> {
  return {
    'Content-Type': 'application/json',
    'X-MMS-Event': event,
    'X-Mms-Request-Id': requestId,
    ...(signature === undefined ? {} : { 'X-MMS-Signature': signature }),
  };
}

// The product's template variables: the alert's own fields, the organization and project names, and
// requestId; `signature` is added for the headers template only.
export function templateVariables(
  alert: AlertDocument,
  context: AlertContext,
  requestId: string,
): Record<string, unknown> {
  return { ...context, ...alert, requestId };
}

const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
// RFC 9110 field values: visible characters, spaces and tabs; a line break would split the header.
const FIELD_VALUE = /^[\t\x20-\x7e\x80-\xff]*$/;
// The transport owns these; a template setting them would corrupt the request.
const MANAGED = new Set([
  'host',
  'content-length',
  'transfer-encoding',
  'connection',
  'keep-alive',
  'upgrade',
  'te',
  'trailer',
  'expect',
]);

function headerProblem(headers: Record<string, string>): string | undefined {
  for (const [name, value] of Object.entries(headers)) {
    if (!TOKEN.test(name)) return `"${name}" is not a valid header name`;
    if (MANAGED.has(name.toLowerCase())) return `header ${name} cannot be set by a template`;
    if (!FIELD_VALUE.test(value)) return `the value of header ${name} holds characters a header cannot carry`;
  }
  return undefined;
}

// A custom headers template replaces the default headers; the body stays JSON, so
// Content-Type defaults to application/json unless the template says otherwise.
function withContentType(headers: Record<string, string>): Record<string, string> {
  const named = Object.keys(headers).some((name) => name.toLowerCase() === 'content-type');
  return named ? headers : { 'Content-Type': 'application/json', ...headers };
}

// Body and headers of one webhook delivery. A template that fails to render (a missing variable) or
// renders not JSON (or, for headers, not an object of strings that can be sent) is replaced by the
// default, and the reason is reported in renderFallback. A template over the render limits (more than
// WEBHOOK_TEMPLATE_MAX_LENGTH characters of output, too large intermediate values, too much work)
// is reported in overBudget and nothing is sent.
export function buildWebhookRequest(
  target: WebhookTarget,
  alert: AlertDocument,
  event: AlertEventKind,
  context: AlertContext,
  requestId: string,
): WebhookRequest {
  const variables = templateVariables(alert, context, requestId);
  const fallback: RenderFallback = {};

  let body = JSON.stringify(alert);
  if (target.bodyTemplate) {
    const rendered = renderWebhookBody(target.bodyTemplate, variables, WEBHOOK_TEMPLATE_MAX_LENGTH);
    if (rendered.ok) body = rendered.value;
    else fallback.body = rendered.reason;
    if (!rendered.ok && rendered.overBudget) {
      return {
        body,
        headers: {},
        renderFallback: fallback,
        overBudget: `webhookBodyTemplate: ${rendered.reason}`,
      };
    }
  }

  // Signed after the body is settled, so the signature always covers what is sent.
  const signature = target.secret ? webhookSignature(body, target.secret) : undefined;
  let headers = defaultWebhookHeaders(event, requestId, signature);
  if (target.headersTemplate) {
    const headerVariables = signature === undefined ? variables : { ...variables, signature };
    const rendered = renderWebhookHeaders(
      target.headersTemplate,
      headerVariables,
      WEBHOOK_TEMPLATE_MAX_LENGTH,
    );
    const problem = rendered.ok ? headerProblem(rendered.value) : rendered.reason;
    if (problem !== undefined) fallback.headers = problem;
    if (!rendered.ok && rendered.overBudget) {
      return {
        body,
        headers,
        renderFallback: fallback,
        overBudget: `webhookHeadersTemplate: ${rendered.reason}`,
      };
    } else if (rendered.ok && problem === undefined) headers = withContentType(rendered.value);
  }

  const fellBack = fallback.body !== undefined || fallback.headers !== undefined;
  return { body, headers, ...(fellBack ? { renderFallback: fallback } : {}) };
}
