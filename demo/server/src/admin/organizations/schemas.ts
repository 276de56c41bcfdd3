import { Type, type Static } from "typebox";
import type OrganizationRepresentation from "@keycloak/keycloak-admin-client/lib/defs/organizationRepresentation.js";
import {
  Attributes,
  Bool,
  Flag,
  FormBody,
  Name,
  ObjectList,
  PagingQuery,
  Query,
  Representation,
  Str,
} from "../common/schemas.ts";
import type { Fits } from "../common/fits.ts";

/** OrganizationDomainRepresentation; a bare domain name is read as `{ name }`. */
const DomainSchema = Type.Union([
  Type.String({ maxLength: 255 }),
  Type.Object({ name: Name(), verified: Bool() }, { title: "OrganizationDomainRepresentation" }),
]);

export const OrganizationSchema = Representation("OrganizationRepresentation", {
  id: Name(),
  name: Name(),
  alias: Name(),
  description: Name(),
  redirectUrl: Name(),
  enabled: Bool(),
  attributes: Attributes(),
  domains: Type.Optional(Type.Array(DomainSchema, { nullable: true })),
  members: ObjectList(),
  identityProviders: ObjectList(),
});
// A bare string stands for a one-value list or a `{ name }` domain, as the handler reads them.
type OrganizationInput = Omit<Static<typeof OrganizationSchema>, "domains" | "attributes">;
export const organizationFits: Fits<OrganizationInput, OrganizationRepresentation> = true;

export const OrganizationListQuery = Query({ ...PagingQuery, search: Str(), exact: Flag(), q: Str() });
export const MemberListQuery = Query({ ...PagingQuery, search: Str(), exact: Flag(), membershipType: Str() });
export const InvitationListQuery = Query({
  first: PagingQuery.first,
  max: PagingQuery.max,
  status: Str(),
  email: Str(),
  search: Str(),
  firstName: Str(),
  lastName: Str(),
});
export const BriefQuery = Query({ briefRepresentation: Flag() });

/** invite-user's form (`email`, `firstName`, `lastName`; Keycloak 25 named the last two `first-name`, `last-name`). */
export const InviteUserForm = FormBody(["email", "firstName", "lastName", "first-name", "last-name"]);
export const InviteExistingUserForm = FormBody(["id"]);
