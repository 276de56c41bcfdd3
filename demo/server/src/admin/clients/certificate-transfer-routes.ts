import type { FastifyInstance } from "fastify";
import { Type } from "typebox";
import type { ServerContext } from "../../context.ts";
import type { RealmRecord } from "../../store/types.ts";
import { adminContext } from "../../access/admin-context.ts";
import { realmSigningKey } from "../../oidc/keys.ts";
import { webError } from "../../http/errors.ts";
import { isMultipartFile } from "../../http/multipart.ts";
import { clientAttributes } from "./secrets.ts";
import { FIELDS } from "./certificate-routes.ts";
import {
  checkKeystoreRequest,
  keystoreBytes,
  readUploadedKey,
  type KeystoreRequest,
  type TrustedCertificate,
  type UploadedKey,
} from "./certificate-transfer.ts";
import { generateSelfSignedCertificate } from "./self-signed-certificate.ts";
import { adminEvent } from "../common/admin-event.ts";
import { objectBody } from "../common/body.ts";
import { paramsOf } from "../common/query.ts";
import { requireClient } from "../common/lookups.ts";
import { Name, Str } from "../common/schemas.ts";

/** The upload form's fields (multipart/form-data); `file` is the uploaded part. */
const UploadForm = Type.Object({
  keystoreFormat: Name(),
  keyAlias: Name(),
  keyPassword: Name(),
  storePassword: Name(),
  file: Type.Optional(
    Type.Object({ filename: Type.String(), contentType: Type.String(), data: Type.Any() }, { title: "file" }),
  ),
});

/** Keycloak's KeyStoreConfig (JSON). */
const KeyStoreConfigSchema = Type.Object({
  realmCertificate: Type.Optional(Type.Boolean({ nullable: true })),
  storePassword: Str({ maxLength: 255 }),
  keyPassword: Str({ maxLength: 255 }),
  keyAlias: Str({ maxLength: 255 }),
  realmAlias: Str({ maxLength: 255 }),
  format: Str({ maxLength: 255 }),
});

/** `realmCertificate`: the realm's active RSA signing certificate, under `realmAlias` (the realm's name by default). */
async function realmCertificateEntry(
  server: ServerContext,
  realm: RealmRecord,
  config: Record<string, unknown>,
): Promise<TrustedCertificate | undefined> {
  if (config.realmCertificate !== true) return undefined;
  const key = await realmSigningKey(server, realm, "RS256");
  if (!key.certificate) return undefined;
  const alias = typeof config.realmAlias === "string" && config.realmAlias ? config.realmAlias : realm.realm;
  return { alias, certificate: key.certificate };
}

const keystoreRequest = (config: Record<string, unknown>): KeystoreRequest => ({
  format: String(config.format ?? ""),
  ...(typeof config.keyAlias === "string" ? { keyAlias: config.keyAlias } : {}),
  ...(typeof config.keyPassword === "string" ? { keyPassword: config.keyPassword } : {}),
  ...(typeof config.storePassword === "string" ? { storePassword: config.storePassword } : {}),
});

/** /clients/{id}/certificates/{attr}: upload, upload-certificate, download and generate-and-download. */
export async function registerCertificateTransferRoutes(app: FastifyInstance, server: ServerContext): Promise<void> {
  const { db } = server;
  const base = "/admin/realms/:realm/clients/:id/certificates/:attr";

  const upload = (certificateOnly: boolean) => async (req: import("fastify").FastifyRequest) => {
    const { realm, id, attr } = paramsOf<"id" | "attr">(req);
    const ctx = await adminContext(server, req, realm);
    const client = requireClient(db, ctx, id);
    ctx.requireClientScope("manage", client);
    const form = objectBody(req.body);
    const format = typeof form.keystoreFormat === "string" ? form.keystoreFormat : "";
    if (!format) throw webError(400, "keystoreFormat is missing");
    if (!isMultipartFile(form.file)) throw webError(400, "No file was uploaded");
    const uploaded: UploadedKey = readUploadedKey(format, form.file.data);
    await db.write((tx) => {
      const attributes = clientAttributes(client);
      // As CertificateInfoHelper: the uploaded key replaces the whole key pair of the attribute.
      for (const suffix of Object.values(FIELDS)) delete attributes[`${attr}.${suffix}`];
      if (uploaded.certificate) attributes[`${attr}.${FIELDS.certificate}`] = uploaded.certificate;
      if (uploaded.publicKey) attributes[`${attr}.${FIELDS.publicKey}`] = uploaded.publicKey;
      if (uploaded.kid) attributes[`${attr}.${FIELDS.kid}`] = uploaded.kid;
      tx.put("clients", client);
    });
    const action = certificateOnly ? "upload-certificate" : "upload";
    await adminEvent(server, ctx, "ACTION", "CLIENT", `clients/${client.id}/certificates/${attr}/${action}`, uploaded);
    return uploaded;
  };
  app.post(`${base}/upload`, { schema: { body: UploadForm } }, upload(false));
  app.post(`${base}/upload-certificate`, { schema: { body: UploadForm } }, upload(true));

  app.post(`${base}/download`, { schema: { body: KeyStoreConfigSchema } }, async (req, reply) => {
    const { realm, id, attr } = paramsOf<"id" | "attr">(req);
    const ctx = await adminContext(server, req, realm);
    const client = requireClient(db, ctx, id);
    ctx.requireClientScope("view", client);
    const config = objectBody(req.body);
    const attributes = clientAttributes(client);
    const certificate = attributes[`${attr}.${FIELDS.certificate}`];
    const privateKey = attributes[`${attr}.${FIELDS.privateKey}`];
    if (!certificate && !privateKey) throw webError(404, "keypair not generated for client");
    const bytes = keystoreBytes(
      keystoreRequest(config),
      certificate,
      privateKey,
      client.clientId,
      await realmCertificateEntry(server, ctx.realm, config),
    );
    return reply.header("content-type", "application/octet-stream").send(bytes);
  });

  app.post(`${base}/generate-and-download`, { schema: { body: KeyStoreConfigSchema } }, async (req, reply) => {
    const { realm, id, attr } = paramsOf<"id" | "attr">(req);
    const ctx = await adminContext(server, req, realm);
    const client = requireClient(db, ctx, id);
    ctx.requireClientScope("manage", client);
    const request = keystoreRequest(objectBody(req.body));
    checkKeystoreRequest(request, true);
    const generated = generateSelfSignedCertificate(client.clientId);
    await db.write((tx) => {
      const attributes = clientAttributes(client);
      for (const suffix of Object.values(FIELDS)) delete attributes[`${attr}.${suffix}`];
      // Keycloak keeps only the certificate: the private key leaves the server in the download alone.
      attributes[`${attr}.${FIELDS.certificate}`] = generated.certificate;
      tx.put("clients", client);
    });
    await adminEvent(
      server,
      ctx,
      "ACTION",
      "CLIENT",
      `clients/${client.id}/certificates/${attr}/generate-and-download`,
    );
    const bytes = keystoreBytes(
      request,
      generated.certificate,
      generated.privateKey,
      client.clientId,
      await realmCertificateEntry(server, ctx.realm, objectBody(req.body)),
    );
    return reply.header("content-type", "application/octet-stream").send(bytes);
  });
}
