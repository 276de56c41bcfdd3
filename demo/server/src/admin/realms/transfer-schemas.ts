import { Type, type Static } from "typebox";
import type { RealmEventsConfigRepresentation } from "@keycloak/keycloak-admin-client/lib/defs/realmEventsConfigRepresentation.js";
import type { Fits } from "../common/fits.ts";
import { Bool, Flag, Long, NamedMap, Query, Representation, StrList } from "../common/schemas.ts";
import { UserSchema } from "../users/schemas.ts";
import { ClientSchema } from "../clients/schemas.ts";
import { GroupSchema, RoleSchema } from "../groups-roles/schemas.ts";
import { IdentityProviderMapperSchema, IdentityProviderSchema } from "../identity-providers/schemas.ts";

const ListOf = <T extends Parameters<typeof Type.Array>[0]>(item: T) =>
  Type.Optional(Type.Array(item, { nullable: true }));

/** Keycloak's PartialImportRepresentation: each resource list typed as its own representation. */
export const PartialImportSchema = Representation("PartialImportRepresentation", {
  ifResourceExists: Type.Optional(Type.String({ nullable: true, maxLength: 16 })),
  policy: Type.Optional(Type.String({ nullable: true, maxLength: 16 })),
  users: ListOf(UserSchema),
  clients: ListOf(ClientSchema),
  groups: ListOf(GroupSchema),
  identityProviders: ListOf(IdentityProviderSchema),
  identityProviderMappers: ListOf(IdentityProviderMapperSchema),
  roles: Type.Optional(
    Type.Object(
      {
        realm: ListOf(RoleSchema),
        client: Type.Optional(Type.Record(Type.String(), Type.Array(RoleSchema), { nullable: true })),
      },
      { nullable: true },
    ),
  ),
});

/** RealmEventsConfigRepresentation. */
export const EventsConfigSchema = Representation("RealmEventsConfigRepresentation", {
  eventsEnabled: Bool(),
  eventsExpiration: Long(),
  eventsListeners: StrList({ maxLength: 255 }),
  enabledEventTypes: StrList({ maxLength: 255 }),
  adminEventsEnabled: Bool(),
  adminEventsDetailsEnabled: Bool(),
});
export const eventsConfigFits: Fits<Static<typeof EventsConfigSchema>, RealmEventsConfigRepresentation> = true;

/** Localization texts: `Map<String, String>` with keys in a 255-character column. */
export const LocalizationTextsSchema = NamedMap(Type.String());
/** One text, sent as text/plain. */
export const LocalizationTextBody = Type.String();
export const LocalizationQuery = Query({ useRealmDefaultLocaleFallback: Flag() });
