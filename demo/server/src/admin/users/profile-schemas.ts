import { Type, type Static } from "typebox";
import type { UserProfileConfig } from "@keycloak/keycloak-admin-client/lib/defs/userProfileMetadata.js";
import { AnyObject, Bool, Name, Str, StrList } from "../common/schemas.ts";
import type { Fits } from "../common/fits.ts";

const Nested = <P extends Parameters<typeof Type.Object>[0]>(properties: P) =>
  Type.Optional(Type.Object(properties, { nullable: true }));

const AttributeSchema = Type.Object({
  name: Name(),
  displayName: Str(),
  group: Name(),
  multivalued: Bool(),
  validations: AnyObject(),
  annotations: AnyObject(),
  required: Nested({ roles: StrList(), scopes: StrList() }),
  permissions: Nested({ view: StrList(), edit: StrList() }),
  selector: Nested({ scopes: StrList() }),
});

const GroupSchema = Type.Object({
  name: Name(),
  displayHeader: Str(),
  displayDescription: Str(),
  annotations: AnyObject(),
});

/** UPConfig: the user profile's attributes, groups and unmanaged-attribute policy. */
export const UserProfileConfigSchema = Type.Object(
  {
    attributes: Type.Optional(Type.Array(AttributeSchema, { nullable: true })),
    groups: Type.Optional(Type.Array(GroupSchema, { nullable: true })),
    unmanagedAttributePolicy: Name(),
  },
  { title: "UPConfig" },
);
// The admin client types the policy as a TypeScript enum, which a string literal never fits.
type ConfigInput = Omit<Static<typeof UserProfileConfigSchema>, "unmanagedAttributePolicy">;
export const userProfileFits: Fits<ConfigInput, UserProfileConfig> = true;
