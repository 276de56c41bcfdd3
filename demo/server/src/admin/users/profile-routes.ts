import type { FastifyInstance } from "fastify";
import type { ServerContext } from "../../context.ts";
import { adminContext, type AdminPermission } from "../../access/admin-context.ts";
import { badRequest } from "../../http/errors.ts";
import { type UpConfig, readUpConfig, writeUpConfig } from "./profile-config.ts";
import { unmanagedAttributes } from "./profile-attributes.ts";
import { profileMetadata } from "./profile-metadata.ts";
import { adminEvent } from "../common/admin-event.ts";
import { requireUser } from "../common/lookups.ts";
import { paramsOf } from "../common/query.ts";
import { UserProfileConfigSchema } from "./profile-schemas.ts";
import { componentTypes } from "../server-info/catalog.ts";

/** Keycloak lets any realm administrator read the user profile. */
const ANY_ADMIN: AdminPermission[] = [
  "view-realm",
  "view-users",
  "query-users",
  "view-clients",
  "query-clients",
  "query-groups",
  "view-events",
  "view-identity-providers",
  "view-authorization",
];

const POLICIES = ["ENABLED", "ADMIN_VIEW", "ADMIN_EDIT"];
const ATTRIBUTE_NAME = /^[A-Za-z0-9._-]+$/;

/** Server info's validators, and Keycloak's built-in `up-…` ones the default profile uses. */
function knownValidator(id: string): boolean {
  return id.startsWith("up-") || componentTypes("org.keycloak.validate.Validator").some((type) => type.id === id);
}

export function parseUpConfig(body: unknown): UpConfig {
  if (!body || typeof body !== "object" || !Array.isArray((body as UpConfig).attributes))
    throw badRequest("Invalid user profile configuration");
  const config = body as UpConfig;
  const names = new Set<string>();
  for (const attribute of config.attributes) {
    if (!attribute || typeof attribute.name !== "string" || attribute.name.trim() === "")
      throw badRequest("[Attribute configuration without 'name' is not allowed]");
    if (names.has(attribute.name))
      throw badRequest(`Invalid user profile configuration: duplicated attribute name ${attribute.name}`);
    names.add(attribute.name);
    if (!ATTRIBUTE_NAME.test(attribute.name))
      throw badRequest(`Invalid user profile configuration: invalid attribute name ${attribute.name}`);
    for (const validator of Object.keys(attribute.validations ?? {}))
      if (!knownValidator(validator))
        throw badRequest(`[Validator '${validator}' defined for attribute '${attribute.name}' doesn't exist]`);
  }
  const groups = new Set((config.groups ?? []).map((group) => group.name));
  for (const attribute of config.attributes)
    if (attribute.group && !groups.has(attribute.group))
      throw badRequest(
        `Invalid user profile configuration: attribute ${attribute.name} references unknown group ${attribute.group}`,
      );
  for (const required of ["username", "email"])
    if (!names.has(required)) throw badRequest(`Invalid user profile configuration: missing attribute ${required}`);
  if (
    config.unmanagedAttributePolicy !== undefined &&
    config.unmanagedAttributePolicy !== null &&
    !POLICIES.includes(config.unmanagedAttributePolicy)
  ) {
    throw badRequest("Invalid user profile configuration: unknown unmanagedAttributePolicy");
  }
  if (config.unmanagedAttributePolicy === null) delete config.unmanagedAttributePolicy;
  return config;
}

export async function registerUserProfileRoutes(app: FastifyInstance, server: ServerContext): Promise<void> {
  app.get("/admin/realms/:realm/users/profile", async (req) => {
    const ctx = await adminContext(server, req, paramsOf(req).realm);
    ctx.requireAny(...ANY_ADMIN);
    return readUpConfig(server, ctx.realm);
  });

  app.put("/admin/realms/:realm/users/profile", { schema: { body: UserProfileConfigSchema } }, async (req) => {
    const ctx = await adminContext(server, req, paramsOf(req).realm);
    ctx.require("manage-realm");
    const config = parseUpConfig(req.body);
    await writeUpConfig(server, ctx.realm, config);
    await adminEvent(server, ctx, "UPDATE", "USER_PROFILE", "users/profile", config);
    return readUpConfig(server, ctx.realm);
  });

  app.get("/admin/realms/:realm/users/profile/metadata", async (req) => {
    const ctx = await adminContext(server, req, paramsOf(req).realm);
    ctx.requireAny(...ANY_ADMIN);
    return profileMetadata(readUpConfig(server, ctx.realm), ctx.realm);
  });

  app.get("/admin/realms/:realm/users/:id/unmanagedAttributes", async (req) => {
    const ctx = await adminContext(server, req, paramsOf(req).realm);
    const user = requireUser(server.db, ctx, paramsOf(req).id);
    ctx.requireUser("view", user);
    return unmanagedAttributes(user, readUpConfig(server, ctx.realm));
  });
}
