import { readFileSync } from "node:fs";
import type { ServerContext } from "../context.ts";
import { importRealm } from "../realm/import.ts";
import { realmByName } from "../realm/lookup.ts";
import type { RealmRep } from "../realm/representation.ts";

/** Imports every realm of the `--import` files (a realm or an array of realms); realms that exist are skipped. */
export async function importFiles(server: ServerContext, files: string[]): Promise<void> {
  for (const file of files) {
    const parsed = JSON.parse(readFileSync(file, "utf8")) as RealmRep | RealmRep[];
    for (const rep of Array.isArray(parsed) ? parsed : [parsed]) {
      if (rep.realm && realmByName(server.db, rep.realm)) {
        console.log(`import: realm ${rep.realm} exists, skipped (${file})`);
        continue;
      }
      await importRealm(server, rep);
      console.log(`import: realm ${rep.realm} imported from ${file}`);
    }
  }
}
