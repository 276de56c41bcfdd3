import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import type { Page } from "playwright-core";
import { onRealKeycloak } from "./target.ts";

const AXE_SOURCE = readFileSync(resolve(import.meta.dirname, "../../node_modules/axe-core/axe.min.js"), "utf8");
/**
 * A string, not a function: tsx would wrap the inner closures in a helper the page does not have.
 * document.getAnimations() leaves out shadow trees in Chromium, so every open shadow root is asked too;
 * two frames first, so transitions started by the last state change are running.
 */
const SETTLE_ANIMATIONS = `(async () => {
  const deadline = performance.now() + 2000;
  const frame = () => new Promise((done) => requestAnimationFrame(done));
  const scopes = (root) => [root, ...[...root.querySelectorAll("*")].flatMap((element) => (element.shadowRoot ? scopes(element.shadowRoot) : []))];
  for (;;) {
    await frame();
    await frame();
    const running = scopes(document)
      .flatMap((scope) => scope.getAnimations())
      .filter((animation) => animation.playState === "running" && animation.effect?.getComputedTiming().endTime !== Infinity);
    if (running.length === 0 || performance.now() > deadline) return;
    await Promise.race([Promise.allSettled(running.map((animation) => animation.finished)), new Promise((done) => setTimeout(done, deadline - performance.now()))]);
  }
})()`;

/**
 * axe's default rule set plus label-content-name-mismatch (WCAG 2.5.3, label in name): the accessible
 * name of a control must contain its visible text. It is named here so it keeps running should axe
 * move it back among its experimental rules (those are left out unless enabled one by one).
 */
export const AXE_RUN_OPTIONS = {
  resultTypes: ["violations"],
  rules: { "label-content-name-mismatch": { enabled: true } },
};

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: unknown[] }[];
}

/**
 * Waits until every finite animation and transition on the page (shadow trees included) has ended:
 * PatternFly animates colours on hover and on enabled/disabled changes, and axe measuring contrast
 * halfway through a colour transition reports a violation nobody sees. Spinners (infinite) are skipped.
 */
export async function settleAnimations(page: Page): Promise<void> {
  await page.evaluate(SETTLE_ANIMATIONS);
}

/**
 * Whether this run checks accessibility. The markup axe judges is the console's and the same on both targets, so the
 * embedded server's run checks every screen and the real-Keycloak run, there to find where the servers differ, leaves
 * the check out: it cost ~12 % of an e2e file's browser CPU (users: 42 → 34 s of renderer time).
 */
const checksAccessibility = () => !onRealKeycloak();

/** Loads axe-core into the page's document, once per document (its 650 kB cost ~0.1–0.5 s to parse each time). */
async function loadAxe(page: Page): Promise<void> {
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(AXE_SOURCE);
}

/**
 * Serious and critical axe-core violations under `inner` inside the shadow root of `host` (the whole
 * mount root of an element by default; `main` in the console), plus a modal's backdrop when one is
 * open in the overlay root.
 */
export async function seriousAxeViolations(page: Page, host: string, inner = ".kc-element-root"): Promise<string[]> {
  if (!checksAccessibility()) return [];
  await settleAnimations(page);
  await loadAxe(page);
  const violations = await page.evaluate(
    async ({ host, inner, options }) => {
      const axe = (
        window as unknown as {
          axe: { run(context: unknown, options: unknown): Promise<{ violations: AxeViolation[] }> };
        }
      ).axe;
      const root = document.querySelector(host)?.shadowRoot;
      if (!root) throw new Error(`no shadow root on ${host} at ${location.href}`);
      const include = [{ fromShadowDom: [host, inner] }];
      if (root.querySelector(".pf-v6-c-backdrop")) include.push({ fromShadowDom: [host, ".pf-v6-c-backdrop"] });
      const result = await axe.run({ include }, options);
      return result.violations;
    },
    { host, inner, options: AXE_RUN_OPTIONS },
  );
  return violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.help} at ${JSON.stringify(violation.nodes.slice(0, 3).map((node) => node.target))}`,
    );
}

/** Serious and critical axe-core violations of a plain page (no shadow roots), e.g. a host's own form. */
export async function seriousPageViolations(page: Page): Promise<string[]> {
  if (!checksAccessibility()) return [];
  await loadAxe(page);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(): Promise<{ violations: AxeViolation[] }> } }).axe;
    return (await axe.run()).violations;
  });
  return violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => `${violation.id} (${violation.impact}): ${violation.help}`);
}
