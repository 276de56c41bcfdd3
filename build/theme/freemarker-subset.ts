/**
 * Renders the FreeMarker the admin theme's index.ftl uses, nothing more: `${name}`, `${a.b}`, and a default after
 * `!` that is a string literal or another variable (`${name!"x"}`, `${name!other}`). A missing variable without a
 * default fails as FreeMarker does; any directive (`<#…>`) is refused.
 */
export type TemplateVariables = Record<string, unknown>;

function lookup(variables: TemplateVariables, name: string): unknown {
  return name
    .split(".")
    .reduce<unknown>((value, key) => (value as Record<string, unknown> | undefined)?.[key], variables);
}

export function renderTemplate(template: string, variables: TemplateVariables): string {
  if (/<#|<@|\[#/.test(template))
    throw new Error("the template uses FreeMarker directives this renderer does not know");
  return template.replace(/\$\{([^}]*)\}/g, (_, expression: string) => {
    const [name, fallback] = expression.split(/!(.*)/s, 2).map((part) => part?.trim());
    if (!name || !/^[A-Za-z_][\w.]*$/.test(name)) throw new Error(`unsupported interpolation \${${expression}}`);
    const value = lookup(variables, name);
    if (value !== undefined && value !== null) return String(value);
    if (fallback === undefined) throw new Error(`The following has evaluated to null or missing: ${name}`);
    const literal = /^"(.*)"$/s.exec(fallback) ?? /^'(.*)'$/s.exec(fallback);
    if (literal) return literal[1]!;
    const other = lookup(variables, fallback);
    if (other === undefined || other === null)
      throw new Error(`The following has evaluated to null or missing: ${fallback}`);
    return String(other);
  });
}

/** The variable names a template reads (defaults that name variables included). */
export function templateVariables(template: string): string[] {
  const names = new Set<string>();
  for (const [, expression] of template.matchAll(/\$\{([^}]*)\}/g)) {
    const [name, fallback] = expression!.split(/!(.*)/s, 2).map((part) => part?.trim());
    if (name) names.add(name);
    if (fallback && /^[A-Za-z_][\w.]*$/.test(fallback)) names.add(fallback);
  }
  return [...names];
}
