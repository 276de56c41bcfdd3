import type { FastifyInstance } from "fastify";
import type { ServerContext } from "../../context.ts";
import type { ClientRecord } from "../../store/types.ts";
import { adminContext } from "../../access/admin-context.ts";
import { badRequest, notFound } from "../../http/errors.ts";
import { adminEvent } from "../common/admin-event.ts";
import { noContent } from "../common/reply.ts";
import { objectBody } from "../common/body.ts";
import { paramsOf } from "../common/query.ts";
import { requireClient } from "../common/lookups.ts";
import { ClusterNodeSchema } from "./schemas.ts";

/** ClientRepresentation.registeredNodes: node host -> registration time in seconds. */
function registeredNodes(client: ClientRecord): Record<string, number> {
  const nodes = client.rep.registeredNodes;
  return nodes && typeof nodes === "object" && !Array.isArray(nodes) ? { ...(nodes as Record<string, number>) } : {};
}

/** /clients/{id}/nodes and /test-nodes-available: adapter cluster nodes registered by hand. */
export async function registerClusterNodeRoutes(app: FastifyInstance, server: ServerContext): Promise<void> {
  const { db } = server;
  const base = "/admin/realms/:realm/clients/:id";

  app.post(`${base}/nodes`, { schema: { body: ClusterNodeSchema } }, async (req, reply) => {
    const { realm, id } = paramsOf<"id">(req);
    const ctx = await adminContext(server, req, realm);
    const client = requireClient(db, ctx, id);
    ctx.requireClientScope("manage", client);
    const node = objectBody(req.body).node;
    if (typeof node !== "string" || node === "") throw badRequest("Node not found in params");
    await db.write((tx) => {
      client.rep.registeredNodes = { ...registeredNodes(client), [node]: Math.floor(Date.now() / 1000) };
      tx.put("clients", client);
    });
    await adminEvent(server, ctx, "CREATE", "CLUSTER_NODE", `clients/${client.id}/nodes/${node}`, { node });
    return noContent(reply);
  });

  app.delete(`${base}/nodes/:node`, async (req, reply) => {
    const { realm, id, node } = paramsOf<"id" | "node">(req);
    const ctx = await adminContext(server, req, realm);
    const client = requireClient(db, ctx, id);
    ctx.requireClientScope("manage", client);
    const nodes = registeredNodes(client);
    if (nodes[node] === undefined) throw notFound("Client does not have node ");
    await db.write((tx) => {
      delete nodes[node];
      client.rep.registeredNodes = nodes;
      tx.put("clients", client);
    });
    await adminEvent(server, ctx, "DELETE", "CLUSTER_NODE", `clients/${client.id}/nodes/${node}`);
    return noContent(reply);
  });

  // Nothing answers on a node's admin URL here, so every registered node counts as failed.
  app.get(`${base}/test-nodes-available`, async (req) => {
    const { realm, id } = paramsOf<"id">(req);
    const ctx = await adminContext(server, req, realm);
    const client = requireClient(db, ctx, id);
    ctx.requireClientScope("manage", client);
    const nodes = Object.keys(registeredNodes(client));
    return nodes.length ? { failedRequests: nodes } : {};
  });
}
