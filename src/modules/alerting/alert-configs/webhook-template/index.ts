export { parseTemplate } from './template-parser';
export {
  renderTemplate,
  renderWebhookBody,
  renderWebhookHeaders,
  type WebhookRender,
} from './template-renderer';
export {
  TEMPLATE_HELPERS,
  TemplateRenderError,
  TemplateSyntaxError,
  type Expression,
  type ParsedTemplate,
  type TemplateNode,
} from './template-syntax';
