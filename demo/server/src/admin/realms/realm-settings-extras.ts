import type { FastifyInstance } from "fastify";
import type { ServerContext } from "../../context.ts";
import { adminContext } from "../../access/admin-context.ts";
import { badRequest, HttpError } from "../../http/errors.ts";
import { catalog } from "../server-info/catalog.ts";
import { eventsConfigRepresentation } from "../../realm/realm-representation.ts";
import { applyEventsConfig } from "../../realm/update.ts";
import type { RealmRep } from "../../realm/representation.ts";
import { adminEvent } from "../common/admin-event.ts";
import { writeRealm } from "./realm-write.ts";
import { EventsConfigSchema } from "./transfer-schemas.ts";

type RealmParams = { Params: { realm: string } };

/** Events configuration and the (always disabled) fine-grained users permissions. */
export async function registerRealmSettingsExtraRoutes(app: FastifyInstance, server: ServerContext): Promise<void> {
  app.get<RealmParams>("/admin/realms/:realm/events/config", async (req) => {
    const ctx = await adminContext(server, req, req.params.realm);
    ctx.require("view-events");
    return eventsConfigRepresentation(ctx.realm);
  });

  app.put<RealmParams & { Body: RealmRep | undefined }>(
    "/admin/realms/:realm/events/config",
    { schema: { body: EventsConfigSchema } },
    async (req, reply) => {
      const ctx = await adminContext(server, req, req.params.realm);
      ctx.require("manage-events");
      const rep = req.body;
      if (!rep || typeof rep !== "object" || Array.isArray(rep)) throw badRequest("Invalid events configuration");
      const listeners = Object.keys(catalog().providers.eventsListener?.providers ?? {});
      if (Array.isArray(rep.eventsListeners) && rep.eventsListeners.some((id) => !listeners.includes(String(id))))
        throw new HttpError(400, { error: "Unknown event listener" });
      const next = await writeRealm(server, ctx.realm.id, (current) => {
        const changed = structuredClone(current);
        applyEventsConfig(changed, rep);
        return changed;
      });
      await adminEvent(server, ctx, "UPDATE", "REALM", "events/config", rep, next);
      return reply.status(204).send();
    },
  );

  app.get<RealmParams>("/admin/realms/:realm/users-management-permissions", async (req) => {
    const ctx = await adminContext(server, req, req.params.realm);
    ctx.require("view-realm");
    return { enabled: false };
  });
}
