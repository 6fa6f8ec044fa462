import type { AutomationDocument } from './automation-config-sections';
import type { AutomationConfigResponse } from './dto/automation-config.response';
import type { ReplaceAutomationConfigRequest } from './dto/replace-automation-config.request';

// The sections the client sent, as sent (nulls included); `version` is the service's to set.
export function toAutomationDocument(request: ReplaceAutomationConfigRequest): AutomationDocument {
  const document: AutomationDocument = {};
  for (const [name, value] of Object.entries(request)) {
    if (name !== 'version' && value !== undefined) document[name] = value;
  }
  return document;
}

export function toAutomationConfigResponse(
  document: AutomationDocument,
  version: number,
): AutomationConfigResponse {
  return { ...document, version };
}
