export { parseTemplate } from './template-parser';
export {
  renderTemplate,
  renderWebhookBody,
  renderWebhookHeaders,
  type WebhookRender,
} from './template-renderer';
export {
  TEMPLATE_HELPERS,
  TemplateBudgetError,
  TemplateRenderError,
  TemplateSyntaxError,
  type Expression,
  type ParsedTemplate,
  type TemplateNode,
} from './template-syntax';
export { DEFAULT_RENDER_LIMITS, RenderBudget, type RenderLimits } from './render-budget';
export { saveRenderBudget, templateBudgetProblem } from './template-probe';
