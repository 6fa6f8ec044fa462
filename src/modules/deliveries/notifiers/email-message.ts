import { alertFacts, alertHeadline, alertPlace, EVENT_LABELS, truncate } from './alert-summary';
import type { AlertContext, AlertDocument, AlertEventKind } from './notifier';

export interface EmailMessage {
  subject: string;
  text: string;
  html: string;
}

function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

// Plain text and HTML carry the same summary: the headline and the alert's facts.
export function emailMessage(
  alert: AlertDocument,
  event: AlertEventKind,
  context: AlertContext = {},
): EmailMessage {
  const label = EVENT_LABELS[event];
  const headline = alertHeadline(alert);
  const facts = alertFacts(alert, context);
  const place = alertPlace(alert, context);
  const cell = (name: string, value: string): string =>
    name === 'Link' ? `<a href="${escapeHtml(value)}">${escapeHtml(value)}</a>` : escapeHtml(value);
  const rows = facts
    .map(([name, value]) => `<tr><th align="left">${escapeHtml(name)}</th><td>${cell(name, value)}</td></tr>`)
    .join('');
  return {
    // Header lines are folded by nodemailer; a very long headline is cut rather than folded many times.
    subject: truncate(`[${place}] ${label}: ${headline}`, 250),
    text: [`${label}: ${headline}`, '', ...facts.map(([name, value]) => `${name}: ${value}`)].join('\n'),
    html: `<html><body><h2>${escapeHtml(label)}</h2><p>${escapeHtml(headline)}</p><table>${rows}</table></body></html>`,
  };
}
