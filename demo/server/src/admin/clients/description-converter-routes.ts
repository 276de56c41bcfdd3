import type { FastifyInstance } from "fastify";
import { Type } from "typebox";
import type { ServerContext } from "../../context.ts";
import { adminContext } from "../../access/admin-context.ts";
import { paramsOf } from "../common/query.ts";
import { convertClientDescription } from "./client-description.ts";

/** The raw description (text/plain or application/xml); a JSON body arrives parsed. */
const DescriptionBody = Type.Union([Type.String({ maxLength: 1024 * 1024 }), Type.Record(Type.String(), Type.Any())]);

/** /admin/realms/{realm}/client-description-converter (Keycloak's ClientsResource sibling). */
export async function registerClientDescriptionConverterRoutes(
  app: FastifyInstance,
  server: ServerContext,
): Promise<void> {
  app.post("/admin/realms/:realm/client-description-converter", { schema: { body: DescriptionBody } }, async (req) => {
    const ctx = await adminContext(server, req, paramsOf(req).realm);
    ctx.requireAny("query-clients", "view-clients");
    const text = typeof req.body === "string" ? req.body : JSON.stringify(req.body);
    return convertClientDescription(text);
  });
}
