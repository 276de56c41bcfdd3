// @vitest-environment node
import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  PATCHED_FILES,
  patchPatternFlyModule,
  patchShadowEvents,
  patchedFileOf,
} from "../../build/patternfly-js/shadow-event-patch.ts";

const esmRoot = path.resolve("node_modules/@patternfly/react-core/dist/esm");
const source = (file: string) => readFileSync(path.join(esmRoot, file), "utf8");

describe("PatternFly shadow-DOM event patch", () => {
  it.each(Object.entries(PATCHED_FILES))("patches %s the expected number of times", (file, expected) => {
    const result = patchShadowEvents(source(file));
    expect({ eventTargets: result.eventTargets, activeElements: result.activeElements }).toEqual(expected);
    const patchedSource = result.code.split("\nfunction __kcEventTarget")[0];
    expect(patchedSource).not.toMatch(/\b(event|ev)\.target\b(?!\s*=[^=])/);
    expect(patchedSource).not.toMatch(/\bdocument\.activeElement\b/);
  });

  it("covers every module that listens on window or document for clicks or keys", () => {
    const listening = readdirSync(esmRoot, { recursive: true })
      .map(String)
      .filter((file) => file.endsWith(".js") && !file.startsWith("deprecated"))
      .filter((file) =>
        /(window|document)\.addEventListener\('(click|keydown|mousedown|touchstart)'/.test(source(file)),
      )
      .filter((file) => /\b(event|ev)\.target\b/.test(source(file)));
    for (const file of listening) expect(PATCHED_FILES, file).toHaveProperty([file.split(path.sep).join("/")]);
  });

  it("reads the real target and the deep active element", () => {
    const { code } = patchShadowEvents("export const probe = (event) => [event.target, document.activeElement];");
    const module = { exports: {} as { probe?: (event: unknown) => unknown[] } };
    const inner = { id: "inner" };
    const host = { shadowRoot: { activeElement: inner } };
    const run = new Function("module", "document", code.replace("export const probe", "module.exports.probe"));
    run(module, { activeElement: host });
    const [target, active] = module.exports.probe!({ target: "host", composedPath: () => ["real", "host"] });
    expect(target).toBe("real");
    expect(active).toBe(inner);
  });

  it("only patches the manifest's files and fails when their code changes", () => {
    expect(patchedFileOf("/x/node_modules/@patternfly/react-core/dist/esm/components/Dropdown/Dropdown.js?v=1")).toBe(
      "components/Dropdown/Dropdown.js",
    );
    expect(
      patchPatternFlyModule("/x/node_modules/@patternfly/react-core/dist/esm/components/Button/Button.js", ""),
    ).toBeUndefined();
    expect(() =>
      patchPatternFlyModule(
        "/x/node_modules/@patternfly/react-core/dist/esm/components/Dropdown/Dropdown.js",
        "event.target",
      ),
    ).toThrow(/PatternFly changed/);
  });
});
