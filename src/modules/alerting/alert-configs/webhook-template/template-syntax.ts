// The abstract syntax of webhook templates: text and FreeMarker-style `${expression}` interpolations.
export type Expression =
  | { kind: 'path'; segments: string[] }
  | { kind: 'string'; value: string }
  | { kind: 'number'; value: number }
  | { kind: 'call'; helper: string; args: Expression[] }
  // FreeMarker's default-value operator: `${a!"fallback"}`, or `${a!}` for the empty string.
  | { kind: 'default'; value: Expression; fallback: Expression | null };

export type TemplateNode =
  { kind: 'text'; text: string } | { kind: 'interpolation'; expression: Expression; source: string };

export interface ParsedTemplate {
  nodes: TemplateNode[];
}

// Helpers the product documents for templates: name -> number of arguments.
export const TEMPLATE_HELPERS: Readonly<Record<string, number>> = {
  're.group': 3,
  're.findAllGroup': 3,
};

export class TemplateSyntaxError extends Error {
  constructor(
    readonly reason: string,
    readonly line: number,
    readonly column: number,
  ) {
    super(`${reason} at line ${line}, column ${column}`);
    this.name = 'TemplateSyntaxError';
  }
}

export class TemplateRenderError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TemplateRenderError';
  }
}

// The template asked for more work or memory than one render may use (RenderLimits); retrying with
// the same alert fails the same way.
export class TemplateBudgetError extends TemplateRenderError {
  constructor(message: string) {
    super(message);
    this.name = 'TemplateBudgetError';
  }
}
