import { type Static } from "typebox";
import type ComponentRepresentation from "@keycloak/keycloak-admin-client/lib/defs/componentRepresentation.js";
import { MultiStringMap, Name, Query, Representation, Str } from "../common/schemas.ts";
import type { Fits } from "../common/fits.ts";

export const ComponentSchema = Representation("ComponentRepresentation", {
  id: Name(),
  name: Name(),
  providerId: Name(),
  providerType: Name(),
  parentId: Name(),
  subType: Name(),
  config: MultiStringMap(),
});
export const componentFits: Fits<Static<typeof ComponentSchema>, ComponentRepresentation> = true;

export const ComponentListQuery = Query({ parent: Str(), type: Str(), name: Str() });
export const SubComponentTypesQuery = Query({ type: Str() });
