import { resolve } from "node:path";
import { createRequire } from "node:module";

/**
 * The folder of the @patternfly/patternfly package: the hostile demo page links its global
 * patternfly.css (and the fonts and images it references relatively) from /demo/vendor/.
 */
export function patternflyFolder(): string {
  const require = createRequire(import.meta.url);
  return resolve(require.resolve("@patternfly/patternfly/package.json"), "..");
}
