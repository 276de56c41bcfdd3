import type { RealmRecord, UserRecord } from "../../store/types.ts";
import { type UpConfig, adminCanEdit, adminCanView, requiredForAdmin } from "./profile-config.ts";
import { realmFlag } from "./realm-flag.ts";
import { omitUndefined } from "../common/omit-undefined.ts";
import type { FederatedProfileAttribute } from "../../federation/ldap-profile.ts";

/**
 * The validators as Keycloak's metadata lists them: each with `ignore.empty.value` (required-ness is checked apart),
 * and a single-valued attribute with the `multivalued` validator of at most one value.
 */
function metadataValidators(validations: Record<string, Record<string, unknown>> | undefined, multivalued: boolean) {
  const validators: Record<string, Record<string, unknown>> = {};
  for (const [id, config] of Object.entries(validations ?? {}))
    validators[id] = { ...config, "ignore.empty.value": config?.["ignore.empty.value"] ?? true };
  if (!multivalued && !validators.multivalued) validators.multivalued = { max: "1" };
  return validators;
}

/**
 * Keycloak's UserProfileMetadata for the admin context; `user` undefined describes a new user. `readOnlyNames`: the
 * attributes a user-storage provider keeps from being edited (a READ_ONLY LDAP provider's mapped attributes).
 */
export function profileMetadata(
  config: UpConfig,
  realm: RealmRecord,
  user?: UserRecord,
  readOnlyNames: ReadonlySet<string> = new Set(),
  federated: FederatedProfileAttribute[] = [],
) {
  const emailAsUsername = realmFlag(realm, "registrationEmailAsUsername");
  const attributes = config.attributes
    .filter((a) => adminCanView(a) || a.name === "username")
    .filter((a) => !(a.name === "username" && emailAsUsername))
    .map((a) => {
      let required = requiredForAdmin(a);
      let readOnly = !adminCanEdit(a);
      if (a.name === "username") {
        required = true;
        readOnly = !!user && !realmFlag(realm, "editUsernameAllowed");
      }
      if (a.name === "email" && emailAsUsername) required = true;
      if (readOnlyNames.has(a.name)) readOnly = true;
      return omitUndefined({
        name: a.name,
        displayName: a.displayName ?? "",
        required,
        readOnly,
        annotations: a.annotations && Object.keys(a.annotations).length ? a.annotations : undefined,
        validators: metadataValidators(a.validations, a.multivalued ?? false),
        group: a.group,
        multivalued: a.multivalued ?? false,
      });
    });
  // Keycloak's user profile adds `locale` ahead of the configured attributes while the realm has internationalization on.
  if (realmFlag(realm, "internationalizationEnabled") && !config.attributes.some((a) => a.name === "locale"))
    attributes.unshift(
      omitUndefined({
        name: "locale",
        displayName: "locale",
        required: false,
        readOnly: false,
        annotations: undefined,
        validators: {},
        group: undefined,
        multivalued: false,
      }),
    );
  const metadataGroup = config.groups?.some((g) => g.name === "user-metadata") ? "user-metadata" : undefined;
  for (const f of federated)
    attributes.push(
      omitUndefined({
        name: f.name,
        displayName: f.name,
        required: false,
        readOnly: f.readOnly,
        annotations: undefined,
        validators: {},
        group: f.metadata ? metadataGroup : undefined,
        multivalued: false,
      }),
    );
  const groups = (config.groups ?? []).map((g) =>
    omitUndefined({
      name: g.name,
      displayHeader: g.displayHeader ?? "",
      displayDescription: g.displayDescription ?? "",
      annotations: g.annotations,
    }),
  );
  return { attributes, groups };
}
