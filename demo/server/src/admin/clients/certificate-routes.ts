import type { FastifyInstance } from "fastify";
import type { ServerContext } from "../../context.ts";
import type { ClientRecord } from "../../store/types.ts";
import { adminContext } from "../../access/admin-context.ts";
import { clientAttributes } from "./secrets.ts";
import { generateSelfSignedCertificate } from "./self-signed-certificate.ts";
import { adminEvent } from "../common/admin-event.ts";
import { paramsOf } from "../common/query.ts";
import { requireClient } from "../common/lookups.ts";
import { NoBody } from "../common/schemas.ts";

/** Keycloak's CertificateInfoHelper attribute suffixes, stored as `{attr}.{suffix}` client attributes. */
export const FIELDS = {
  certificate: "certificate",
  privateKey: "private.key",
  publicKey: "public.key",
  kid: "kid",
} as const;

function certificateInfo(client: ClientRecord, attr: string): Record<string, string> {
  const attributes = clientAttributes(client);
  const info: Record<string, string> = {};
  for (const [field, suffix] of Object.entries(FIELDS)) {
    const value = attributes[`${attr}.${suffix}`];
    if (value) info[field] = value;
  }
  return info;
}

/** /clients/{id}/certificates/{attr} and /generate. */
export async function registerCertificateRoutes(app: FastifyInstance, server: ServerContext): Promise<void> {
  const { db } = server;
  const base = "/admin/realms/:realm/clients/:id/certificates/:attr";

  app.get(base, async (req) => {
    const { realm, id, attr } = paramsOf<"id" | "attr">(req);
    const ctx = await adminContext(server, req, realm);
    const client = requireClient(db, ctx, id);
    ctx.requireClientScope("view", client);
    return certificateInfo(client, attr);
  });

  app.post(`${base}/generate`, { schema: { body: NoBody } }, async (req) => {
    const { realm, id, attr } = paramsOf<"id" | "attr">(req);
    const ctx = await adminContext(server, req, realm);
    const client = requireClient(db, ctx, id);
    ctx.requireClientScope("manage", client);
    const generated = generateSelfSignedCertificate(client.clientId);
    await db.write((tx) => {
      const attributes = clientAttributes(client);
      attributes[`${attr}.${FIELDS.certificate}`] = generated.certificate;
      attributes[`${attr}.${FIELDS.privateKey}`] = generated.privateKey;
      delete attributes[`${attr}.${FIELDS.publicKey}`];
      delete attributes[`${attr}.${FIELDS.kid}`];
      tx.put("clients", client);
    });
    await adminEvent(server, ctx, "ACTION", "CLIENT", `clients/${client.id}/certificates/${attr}/generate`, {
      certificate: generated.certificate,
    });
    return { privateKey: generated.privateKey, certificate: generated.certificate };
  });
}
