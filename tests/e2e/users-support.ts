import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import type { Page } from "playwright-core";

const AXE_SOURCE = readFileSync(resolve(import.meta.dirname, "../../node_modules/axe-core/axe.min.js"), "utf8");

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: unknown[] }[];
}

/**
 * Serious and critical axe-core violations of one area's screen inside `host`'s shadow root: the
 * page content under `inner` (the whole mount root in an area element, `main` in the console) and
 * the overlays (dialogs, menus) rendered in the overlay root.
 */
export async function areaAxeViolations(page: Page, host: string, inner = ".kc-element-root"): Promise<string[]> {
  await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(
    async ({ host, inner }) => {
      const axe = (window as unknown as { axe: { run(context: unknown, options: unknown): Promise<{ violations: AxeViolation[] }> } }).axe;
      const include = [{ fromShadowDom: [host, inner] }];
      if (document.querySelector(host)?.shadowRoot?.querySelector(".pf-v6-c-backdrop")) include.push({ fromShadowDom: [host, ".pf-v6-c-backdrop"] });
      const result = await axe.run({ include }, { resultTypes: ["violations"] });
      return result.violations;
    },
    { host, inner },
  );
  return violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => `${violation.id} (${violation.impact}): ${violation.help} at ${JSON.stringify(violation.nodes.slice(0, 3).map((node) => node.target))}`);
}
