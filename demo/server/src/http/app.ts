import { isUtf8 } from "node:buffer";
import Fastify, { type FastifyError, type FastifyInstance } from "fastify";
import formbody from "@fastify/formbody";
import type { ServerContext } from "../context.ts";
import { HttpError, webError } from "./errors.ts";
import { MultipartError, parseMultipart } from "./multipart.ts";
import { routeFamilies } from "./route-families.ts";
import { lazyValidatorFactory } from "./lazy-validation.ts";
import { AJV_OPTIONS, isUnreadableBody, validationAnswer } from "./validation.ts";
import { unparsableBody } from "../admin/common/body.ts";
import { registerCompression } from "./compression.ts";
import { BODY_LIMIT_BYTES, dropPrototypeKeys, maxDepthFor, nestsDeeperThan } from "./body-limits.ts";
import { registerCacheControl } from "./cache-control.ts";

const BARE_STRING = /^[\w.~:@+-]+$/;

export async function buildApp(server: ServerContext): Promise<FastifyInstance> {
  const app = Fastify({
    logger: false,
    routerOptions: { ignoreTrailingSlash: true, ignoreDuplicateSlashes: true, maxParamLength: 1000 },
    bodyLimit: BODY_LIMIT_BYTES,
    ajv: { customOptions: AJV_OPTIONS },
    schemaController: { compilersFactory: { buildValidator: lazyValidatorFactory() } },
  });
  await app.register(formbody);
  registerCompression(app);
  registerCacheControl(app);
  // Keycloak accepts text/plain bodies (credential labels, localization texts) and XML (SAML client descriptors).
  app.addContentTypeParser(["text/plain", "application/xml", "text/xml"], { parseAs: "string" }, (_req, body, done) =>
    done(null, body),
  );
  // Keycloak reads a String body as is: the admin client sends ids and aliases unquoted (addMember, linkIdp).
  // JSON.parse makes `__proto__` an own key, which dropPrototypeKeys then removes with the other prototype names.
  const jsonParser = app.getDefaultJsonParser("ignore", "ignore");
  app.removeContentTypeParser("application/json");
  // Jackson refuses bytes that are not UTF-8 instead of reading them as U+FFFD.
  app.addContentTypeParser("application/json", { parseAs: "buffer" }, (req, body, done) => {
    if (!isUtf8(body as Buffer)) return done(unparsableBody());
    const text = body.toString("utf8").trim();
    // Keycloak reads an empty JSON body as no body (a DELETE sent with a JSON content type); a route that needs one
    // still refuses it through its schema.
    if (text === "") return done(null, undefined);
    if (nestsDeeperThan(text, maxDepthFor(req))) return done(unparsableBody());
    jsonParser(req, text, (error, value) =>
      error && BARE_STRING.test(text) ? done(null, text) : done(error, dropPrototypeKeys(value)),
    );
  });
  // Keycloak reads form parameters from multipart bodies too (invite-user, certificate upload): fields and files.
  app.addContentTypeParser("multipart/form-data", { parseAs: "buffer" }, (req, body, done) => {
    try {
      done(null, parseMultipart(body as Buffer, String(req.headers["content-type"])));
    } catch (error) {
      done(error instanceof MultipartError ? webError(400, error.message) : (error as Error));
    }
  });
  app.setErrorHandler((error: FastifyError, _req, reply) => {
    if (error instanceof HttpError) return reply.status(error.status).send(error.body);
    if (error.validation) {
      const answer = validationAnswer(error);
      return reply.status(answer.status).send(answer.body);
    }
    if (isUnreadableBody(error)) return reply.status(400).send(unparsableBody().body);
    const { statusCode, message } = error as { statusCode?: number; message?: string };
    if (statusCode && statusCode < 500) return reply.status(statusCode).send({ error: message, errorMessage: message });
    console.error(error);
    return reply.status(500).send({ error: "unknown_error" });
  });
  app.setNotFoundHandler((_req, reply) => reply.status(404).send({ error: "HTTP 404 Not Found" }));
  const healthy = { status: "UP", checks: [] };
  for (const path of ["/health", "/health/ready", "/health/live"]) app.get(path, async () => healthy);
  for (const register of routeFamilies) await register(app, server);
  return app;
}
