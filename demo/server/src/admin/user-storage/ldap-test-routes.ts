import { InvalidCredentialsError } from "ldapts";
import type { FastifyInstance } from "fastify";
import type { ServerContext } from "../../context.ts";
import { adminContext } from "../../access/admin-context.ts";
import { badRequest } from "../../http/errors.ts";
import { connect, type ConnectionSettings } from "../../federation/ldap-connection.ts";
import { SECRET_MASK } from "../components/representation.ts";
import { paramsOf } from "../common/query.ts";
import { TestLdapConnectionSchema } from "./schemas.ts";

type TestBody = Partial<Record<string, string>>;

/** The connection settings of a test request; a masked credential with `componentId` means the stored one. */
function settingsOf(server: ServerContext, realmId: string, body: TestBody, authenticate: boolean): ConnectionSettings {
  let bindCredential = body.bindCredential ?? "";
  if (body.componentId && bindCredential === SECRET_MASK) {
    const component = server.db.get("components", body.componentId);
    bindCredential = component?.realmId === realmId ? (component.config.bindCredential?.[0] ?? "") : "";
  }
  const timeout = Number(body.connectionTimeout);
  return {
    connectionUrl: body.connectionUrl ?? "",
    startTls: String(body.startTls) === "true",
    authType: authenticate && body.authType !== "none" ? "simple" : "none",
    bindDn: body.bindDn ?? "",
    bindCredential,
    connectionTimeout: Number.isFinite(timeout) && timeout > 0 ? timeout : undefined,
  };
}

/**
 * The error key Keycloak 26.7.3 answers a failed test with (seen on it: a wrong bind password is
 * "AuthenticationFailure", a refused connection "SocketReset"); other failures keep "LDAP test error".
 */
function ldapTestError(error: unknown): string {
  if (error instanceof InvalidCredentialsError) return "AuthenticationFailure";
  const code = (error as { code?: unknown }).code;
  if (code === "ECONNREFUSED" || code === "ECONNRESET") return "SocketReset";
  return "LDAP test error";
}

/** Keycloak's testLDAPConnection (testConnection / testAuthentication) and ldap-server-capabilities. */
export async function registerLdapTestRoutes(app: FastifyInstance, server: ServerContext): Promise<void> {
  app.post(
    "/admin/realms/:realm/testLDAPConnection",
    { schema: { body: TestLdapConnectionSchema } },
    async (req, reply) => {
      const ctx = await adminContext(server, req, paramsOf(req).realm);
      ctx.require("manage-realm");
      const body = (req.body ?? {}) as TestBody;
      const authenticate = body.action === "testAuthentication";
      // Keycloak throws a NamingException for an unknown action before it connects.
      if (body.action !== "testConnection" && !authenticate) throw badRequest("NamingError");
      // Keycloak 26.7.3's answers (seen on it): a simple bind without a DN first, then a missing or blank URL.
      if (authenticate && body.authType !== "none" && !body.bindDn) throw badRequest("InvalidBindDN");
      if (body.connectionUrl === undefined) throw badRequest("UnknownError");
      if (!body.connectionUrl.trim()) throw badRequest("NamingError");
      try {
        const client = await connect(settingsOf(server, ctx.realm.id, body, authenticate));
        await client.unbind().catch(() => undefined);
      } catch (error) {
        req.log.warn(`Error when ${authenticate ? "authenticating to" : "connecting to"} LDAP: ${String(error)}`);
        throw badRequest(ldapTestError(error));
      }
      return reply.status(204).send();
    },
  );

  app.post(
    "/admin/realms/:realm/ldap-server-capabilities",
    { schema: { body: TestLdapConnectionSchema } },
    async (req) => {
      const ctx = await adminContext(server, req, paramsOf(req).realm);
      ctx.require("manage-realm");
      const body = (req.body ?? {}) as TestBody;
      if (body.action !== "queryServerCapabilities") return [];
      try {
        const client = await connect(settingsOf(server, ctx.realm.id, body, true));
        try {
          const { searchEntries } = await client.search("", {
            scope: "base",
            filter: "(objectClass=*)",
            attributes: ["supportedControl", "supportedExtension", "supportedFeatures"],
          });
          const root = searchEntries[0] ?? { dn: "" };
          const list = (key: string) => {
            const value = root[key];
            return (Array.isArray(value) ? value : value === undefined ? [] : [value]).map(String);
          };
          return [
            ...list("supportedControl").map((oid) => ({ oid, type: "CONTROL" })),
            ...list("supportedExtension").map((oid) => ({ oid, type: "EXTENSION" })),
            ...list("supportedFeatures").map((oid) => ({ oid, type: "FEATURE" })),
          ];
        } finally {
          await client.unbind().catch(() => undefined);
        }
      } catch {
        throw badRequest("ldapServerCapabilities error");
      }
    },
  );
}
