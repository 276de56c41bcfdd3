import type { FastifyInstance, FastifyReply } from "fastify";
import type { ServerContext } from "../context.ts";
import { frontendUrl } from "../http/frontend-url.ts";
import { clientByClientId, realmByName } from "./lookup.ts";
import { allowedOrigins, isOriginAllowed } from "./redirect-uris.ts";
import {
  LOGIN_STATUS_IFRAME_SCRIPT,
  THIRD_PARTY_STEP1_SCRIPT,
  THIRD_PARTY_STEP2_SCRIPT,
} from "./session-iframe-scripts.ts";

const framePage = (script: string) =>
  `<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n<title>Keycloak</title>\n<script src="${script}"></script>\n</head>\n<body></body>\n</html>\n`;

/** Pages keycloak-js embeds in hidden iframes: frameable by any origin, scripts served from this origin only. */
const sendFrame = (reply: FastifyReply, script: string) =>
  reply
    .headers({
      "content-type": "text/html; charset=utf-8",
      "cache-control": "no-cache",
      "content-security-policy": "script-src 'self'; object-src 'none'",
    })
    .send(framePage(script));

const sendScript = (reply: FastifyReply, source: string) =>
  reply.headers({ "content-type": "text/javascript; charset=utf-8", "cache-control": "max-age=300" }).send(source);

export async function registerSessionIframes(app: FastifyInstance, server: ServerContext): Promise<void> {
  const base = "/realms/:realm/protocol/openid-connect";
  app.get(`${base}/login-status-iframe.html`, (_req, reply) => sendFrame(reply, "login-status-iframe.js"));
  app.get(`${base}/login-status-iframe.js`, (_req, reply) => sendScript(reply, LOGIN_STATUS_IFRAME_SCRIPT));
  app.get(`${base}/3p-cookies/step1.html`, (_req, reply) => sendFrame(reply, "step1.js"));
  app.get(`${base}/3p-cookies/step1.js`, (_req, reply) => sendScript(reply, THIRD_PARTY_STEP1_SCRIPT));
  app.get(`${base}/3p-cookies/step2.html`, (_req, reply) => sendFrame(reply, "step2.js"));
  app.get(`${base}/3p-cookies/step2.js`, (_req, reply) => sendScript(reply, THIRD_PARTY_STEP2_SCRIPT));

  /** Keycloak's pre-check: 204 when the client exists, is enabled and allows the origin; 403 otherwise. */
  app.get<{ Params: { realm: string }; Querystring: { client_id?: string; origin?: string } }>(
    `${base}/login-status-iframe.html/init`,
    async (req, reply) => {
      const { client_id: clientId, origin } = req.query;
      if (!clientId || !origin) return reply.status(400).send();
      const realm = realmByName(server.db, req.params.realm);
      if (!realm) return reply.status(404).send({ error: "Realm does not exist" });
      const client = clientByClientId(server.db, realm, clientId);
      if (!client || client.rep.enabled === false) return reply.status(403).send();
      const baseUrl = frontendUrl(server, req);
      const origins = [...allowedOrigins(client, baseUrl), new URL(baseUrl).origin];
      return reply.status(isOriginAllowed(origins, origin) ? 204 : 403).send();
    },
  );
}
