import type { ServerContext } from "../context.ts";
import { importRealm } from "../realm/import.ts";
import { templateUserProfile } from "../realm/template.ts";
import { SEED_PASSWORD_HASHES } from "./seed-password-hashes.ts";

/** Keycloak's administration realm with the bootstrap administrator admin/admin. */
export async function seedMasterRealm(server: ServerContext): Promise<void> {
  await importRealm(server, {
    realm: "master",
    // Keycloak's master requires no email or names (its bootstrap admin has none): no profile to complete at sign-in
    components: templateUserProfile("master", (config) => ({
      ...config,
      attributes: config.attributes.map(({ required: _required, ...attribute }) => attribute),
    })),
    users: [
      {
        username: "admin",
        enabled: true,
        emailVerified: false,
        credentials: [{ type: "password", ...SEED_PASSWORD_HASHES.admin }],
        realmRoles: ["admin", "default-roles-master"],
      },
    ],
  });
}
