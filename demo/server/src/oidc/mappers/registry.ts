import type { MapperType } from "./types.ts";
import { USER_MAPPERS } from "./user-mappers.ts";
import { ROLE_MAPPERS } from "./role-mappers.ts";
import { CLAIM_MAPPERS } from "./claim-mappers.ts";

/** The OIDC protocol mapper types the server applies, by Keycloak's protocolMapper id. */
export const MAPPER_TYPES: ReadonlyMap<string, MapperType> = new Map(
  [...USER_MAPPERS, ...ROLE_MAPPERS, ...CLAIM_MAPPERS].map((type) => [type.id, type]),
);
