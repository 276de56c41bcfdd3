import type { MapperType } from "./types.ts";
import { mapClaim, putClaim } from "./claim-values.ts";
import { resolveAttribute, userAttribute, userProperty } from "./user-values.ts";
import { groupPath } from "../../admin/common/group-path.ts";
import { withMapperMemberships } from "../../federation/ldap-directory-memberships.ts";

const ALL = ["access", "id", "userinfo", "introspection"] as const;

const attribute: MapperType = {
  id: "oidc-usermodel-attribute-mapper",
  kinds: ALL,
  priority: 0,
  apply(claims, config, { db, user }) {
    const name = config["user.attribute"];
    if (!name) return;
    const values = resolveAttribute(db, user, name, config["aggregate.attrs"] === "true");
    mapClaim(claims, config, values);
  },
};

const property: MapperType = {
  id: "oidc-usermodel-property-mapper",
  kinds: ALL,
  priority: 0,
  apply(claims, config, { user }) {
    const name = config["user.attribute"];
    if (name) mapClaim(claims, config, userProperty(user, name));
  },
};

const fullName: MapperType = {
  id: "oidc-full-name-mapper",
  kinds: ALL,
  priority: 0,
  apply(claims, _config, { user }) {
    const name = [user.firstName, user.lastName].filter(Boolean).join(" ");
    if (name) claims.name = name;
  },
};

/** OIDC address claim members and the config key naming the user attribute of each. */
const ADDRESS_PARTS: [claim: string, field: string][] = [
  ["formatted", "formatted"],
  ["street_address", "street"],
  ["locality", "locality"],
  ["region", "region"],
  ["postal_code", "postal_code"],
  ["country", "country"],
];

const address: MapperType = {
  id: "oidc-address-mapper",
  kinds: ALL,
  priority: 0,
  apply(claims, config, { user }) {
    const value: Record<string, string> = {};
    for (const [claim, field] of ADDRESS_PARTS) {
      const attributeName = config[`user.attribute.${field}`] || field;
      const found = userAttribute(user, attributeName)[0];
      if (found !== undefined) value[claim] = found;
    }
    claims.address = value;
  },
};

const subject: MapperType = {
  id: "oidc-sub-mapper",
  kinds: ["access", "introspection"],
  priority: 0,
  apply(claims, _config, { user }) {
    claims.sub = user.id;
  },
};

const groupMembership: MapperType = {
  id: "oidc-group-membership-mapper",
  kinds: ALL,
  priority: 0,
  apply(claims, config, { db, user }) {
    const fullPath = config["full.path"] === "true";
    const names: string[] = [];
    for (const id of withMapperMemberships(db, user).groupIds) {
      const group = db.get("groups", id);
      if (group) names.push(fullPath ? groupPath(db, group) : group.name);
    }
    const name = config["claim.name"];
    if (name && names.length) putClaim(claims, name, names);
  },
};

export const USER_MAPPERS = [attribute, property, fullName, address, subject, groupMembership];
