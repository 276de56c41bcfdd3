import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ServerContext } from "../../context.ts";
import type { IdentityProviderRecord, RealmRecord } from "../../store/types.ts";
import { adminContext } from "../../access/admin-context.ts";
import { frontendUrl } from "../../http/frontend-url.ts";
import { notFound } from "../../http/errors.ts";
import { realmByName } from "../../oidc/lookup.ts";
import { realmSigningKey } from "../../oidc/keys.ts";
import { paramsOf } from "../common/query.ts";
import { findIdentityProvider, requireIdentityProvider } from "./lookup.ts";
import { spDescriptor } from "./sp-descriptor.ts";
import { samlSignatureAlgorithm } from "../../broker/saml-broker.ts";

async function sendDescriptor(
  server: ServerContext,
  req: FastifyRequest,
  reply: FastifyReply,
  realm: RealmRecord,
  idp: IdentityProviderRecord,
) {
  const config = (idp.rep.config as Record<string, string> | undefined) ?? {};
  const key = await realmSigningKey(server, realm, "RS256");
  const xml = spDescriptor({
    realmUrl: `${frontendUrl(server, req)}/realms/${encodeURIComponent(realm.realm)}`,
    alias: idp.alias,
    config,
    signingCertificate: key.certificate,
    signingKeyId: key.kid,
    signingKey: key.privateKey.export({ format: "pem", type: "pkcs8" }).toString(),
    signatureAlgorithm: samlSignatureAlgorithm(config),
  });
  return reply.header("cache-control", "no-cache").type("application/xml;charset=utf-8").send(xml);
}

/** A SAML provider's service provider descriptor: the admin `export` and the public broker endpoint. */
export async function registerDescriptorRoutes(app: FastifyInstance, server: ServerContext): Promise<void> {
  app.get("/admin/realms/:realm/identity-provider/instances/:alias/export", async (req, reply) => {
    const ctx = await adminContext(server, req, paramsOf(req).realm);
    ctx.require("view-identity-providers");
    const idp = requireIdentityProvider(server, ctx.realm, paramsOf<"alias">(req).alias);
    // Keycloak's OIDC providers export nothing (AbstractIdentityProvider.export answers 204).
    if (idp.rep.providerId !== "saml") return reply.status(204).send();
    return sendDescriptor(server, req, reply, ctx.realm, idp);
  });

  app.get<{ Params: { realm: string; alias: string } }>(
    "/realms/:realm/broker/:alias/endpoint/descriptor",
    async (req, reply) => {
      const realm = realmByName(server.db, req.params.realm);
      if (!realm) throw notFound("Realm does not exist");
      const idp = findIdentityProvider(server, realm, req.params.alias);
      if (!idp || idp.rep.providerId !== "saml") throw notFound("Identity Provider not found");
      return sendDescriptor(server, req, reply, realm, idp);
    },
  );
}
