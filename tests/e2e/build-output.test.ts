import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

const chunks = join(import.meta.dirname, "../../dist/chunks");

// What the product build (run before the e2e tests) leaves out of every element's code.
describe("build output", () => {
  const scripts = readdirSync(chunks).filter((name) => name.endsWith(".js"));

  it("has no copy of the admin client's experimental clients v2 API (Kiota, OpenTelemetry)", () => {
    assert.ok(scripts.length > 10, "the build's chunks are there");
    const carrying = scripts.filter((name) => /kiota|opentelemetry/i.test(readFileSync(join(chunks, name), "utf8")));
    assert.deepEqual(carrying, []);
  });
});
