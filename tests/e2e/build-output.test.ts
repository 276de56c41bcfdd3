import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

const chunks = join(import.meta.dirname, "../../dist/chunks");
const sources = join(import.meta.dirname, "../../src");

// What the product build (run before the e2e tests) leaves out of every element's code.
describe("build output", () => {
  const scripts = readdirSync(chunks).filter((name) => name.endsWith(".js"));

  it("has no copy of the admin client's experimental clients v2 API (Kiota, OpenTelemetry)", () => {
    assert.ok(scripts.length > 10, "the build's chunks are there");
    const carrying = scripts.filter((name) => /kiota|opentelemetry/i.test(readFileSync(join(chunks, name), "utf8")));
    assert.deepEqual(carrying, []);
  });

  it("carries PatternFly's tree-table CSS only when a screen renders a tree table", () => {
    const treeTables = readdirSync(sources, { recursive: true, encoding: "utf8" }).filter(
      (name) => /\.tsx?$/.test(name) && /\bisTreeTable\b/.test(readFileSync(join(sources, name), "utf8")),
    );
    const carrying = scripts.filter((name) =>
      readFileSync(join(chunks, name), "utf8").includes("--pf-v6-c-table__tree-view-main--indent--base:"),
    );
    if (treeTables.length === 0) assert.deepEqual(carrying, []);
    else assert.ok(carrying.length > 0, `tree tables in ${treeTables.join(", ")} need the sheet: import its CSS there`);
  });
});
