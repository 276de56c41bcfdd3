import type { ServerContext } from "../../context.ts";
import type { ClientRecord, RealmRecord } from "../../store/types.ts";
import { clientRoles } from "../../realm/lookup.ts";

/** Keycloak's "Keycloak OIDC JSON" adapter configuration (provider keycloak-oidc-keycloak-json). */
export function keycloakOidcJson(
  server: ServerContext,
  baseUrl: string,
  realm: RealmRecord,
  client: ClientRecord,
): Record<string, unknown> {
  const config: Record<string, unknown> = {
    realm: realm.realm,
    "auth-server-url": `${baseUrl}/`,
    "ssl-required": String(realm.settings.sslRequired ?? "external"),
    resource: client.clientId,
  };
  if (client.rep.publicClient === true) config["public-client"] = true;
  if (client.rep.bearerOnly === true) config["bearer-only"] = true;
  if (clientRoles(server.db, client).length) config["use-resource-role-mappings"] = true;
  if (client.rep.publicClient !== true && typeof client.rep.secret === "string") {
    config.credentials = { secret: client.rep.secret };
  }
  config["confidential-port"] = 0;
  return config;
}

/** The OIDC Keycloak JSON as the JBoss/WildFly subsystem XML (provider keycloak-oidc-jboss-subsystem). */
export function keycloakOidcSubsystemXml(baseUrl: string, realm: RealmRecord, client: ClientRecord): string {
  const lines = [
    `<secure-deployment name="WAR MODULE NAME.war">`,
    `    <realm>${realm.realm}</realm>`,
    `    <auth-server-url>${baseUrl}/</auth-server-url>`,
    client.rep.publicClient === true ? `    <public-client>true</public-client>` : "",
    `    <ssl-required>${String(realm.settings.sslRequired ?? "external").toUpperCase()}</ssl-required>`,
    `    <resource>${client.clientId}</resource>`,
    client.rep.publicClient !== true && typeof client.rep.secret === "string"
      ? `    <credential name="secret">${client.rep.secret}</credential>`
      : "",
    `</secure-deployment>`,
  ];
  return lines.filter(Boolean).join("\n") + "\n";
}
