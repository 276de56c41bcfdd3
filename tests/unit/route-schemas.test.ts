// @vitest-environment node
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, it } from "vitest";
import { readConfig } from "../../demo/server/src/config.ts";
import { buildApp } from "../../demo/server/src/http/app.ts";
import { compilePendingSchemas } from "../../demo/server/src/http/lazy-validation.ts";
import { Db } from "../../demo/server/src/store/db.ts";

// The server compiles a route's schema when the route first validates a request: every schema must still be one Ajv
// compiles, as it was checked when schemas were compiled at start.
it("every route's request schema compiles", async () => {
  const dataDir = mkdtempSync(join(tmpdir(), "kc-schemas-"));
  const db = await Db.open(dataDir);
  try {
    const app = await buildApp({ db, config: readConfig(["--data-dir", dataDir], {}) });
    await app.ready();
    expect(compilePendingSchemas()).toBeGreaterThan(100);
    expect(compilePendingSchemas()).toBe(0);
    await app.close();
  } finally {
    await db.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}, 60_000);
