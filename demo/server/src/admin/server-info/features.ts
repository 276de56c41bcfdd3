export type FeatureType =
  "DEFAULT" | "DISABLED_BY_DEFAULT" | "PREVIEW" | "PREVIEW_DISABLED_BY_DEFAULT" | "EXPERIMENTAL" | "DEPRECATED";

export interface FeatureRepresentation {
  name: string;
  label: string;
  type: FeatureType;
  enabled: boolean;
  dependencies: string[];
}

/** Keycloak 26 features as a default `kc.sh start` reports them (name, label, type, dependencies). */
const FEATURES: [string, string, FeatureType, string[]?][] = [
  ["ACCOUNT_API", "Account Management REST API", "DEFAULT"],
  ["ACCOUNT_V3", "Account Console version 3", "DEFAULT", ["ACCOUNT_API"]],
  ["ADMIN_API", "Admin API", "DEFAULT"],
  ["ADMIN_FINE_GRAINED_AUTHZ", "Fine-Grained Admin Permissions", "PREVIEW", ["AUTHORIZATION"]],
  ["ADMIN_FINE_GRAINED_AUTHZ_V2", "Fine-Grained Admin Permissions version 2", "DEFAULT", ["AUTHORIZATION"]],
  ["ADMIN_V2", "New Admin Console", "DEFAULT", ["ADMIN_API"]],
  ["AUTHORIZATION", "Authorization Service", "DEFAULT"],
  ["CACHE_EMBEDDED_REMOTE_STORE", "Support for remote-store in embedded Infinispan caches", "EXPERIMENTAL"],
  ["CIBA", "OpenID Connect Client Initiated Backchannel Authentication (CIBA)", "DEFAULT"],
  ["CLIENT_POLICIES", "Client configuration policies", "DEFAULT"],
  ["CLIENT_ADMIN_API_V2", "Client Admin API v2", "EXPERIMENTAL"],
  ["CLIENT_SECRET_ROTATION", "Client Secret Rotation", "PREVIEW"],
  ["CLIENT_TYPES", "Client Types", "EXPERIMENTAL"],
  ["CLUSTERLESS", "Store all session data, work cache and login failures in external Infinispan", "EXPERIMENTAL"],
  ["DECLARATIVE_UI", "declarative ui spi", "EXPERIMENTAL"],
  ["DEVICE_FLOW", "OAuth 2.0 Device Authorization Grant", "DEFAULT"],
  ["DOCKER", "Docker Registry protocol", "DISABLED_BY_DEFAULT"],
  ["DPOP", "OAuth 2.0 Demonstrating Proof-of-Possession at the Application Layer", "PREVIEW"],
  ["DYNAMIC_SCOPES", "Dynamic OAuth 2.0 scopes", "EXPERIMENTAL"],
  ["FIPS", "FIPS 140-2 mode", "DISABLED_BY_DEFAULT"],
  ["HOSTNAME_V2", "Hostname Options V2", "DEFAULT"],
  ["IMPERSONATION", "Ability for admins to impersonate users", "DEFAULT"],
  ["IPA_TUURA_FEDERATION", "IPA-Tuura user federation provider", "EXPERIMENTAL"],
  ["KERBEROS", "Kerberos", "DEFAULT"],
  ["LOGIN_V1", "Legacy Login Theme", "DEFAULT"],
  ["LOGIN_V2", "New Login Theme", "DEFAULT"],
  ["LOG_MDC", "Mapped Diagnostic Context (MDC) information in logs", "PREVIEW"],
  ["MULTI_SITE", "Multi-site support", "DISABLED_BY_DEFAULT"],
  ["OID4VC_VCI", "Support for the OID4VCI protocol as part of OID4VC.", "EXPERIMENTAL"],
  ["OPENTELEMETRY", "OpenTelemetry Tracing", "DEFAULT"],
  ["ORGANIZATION", "Organization support within realms", "DEFAULT"],
  ["PAR", "OAuth 2.0 Pushed Authorization Requests (PAR)", "DEFAULT"],
  ["PASSKEYS", "Passkeys", "PREVIEW"],
  ["PERSISTENT_USER_SESSIONS", "Persistent online user sessions across restarts and upgrades", "DEFAULT"],
  ["QUICK_THEME", "Create themes within the admin console", "EXPERIMENTAL"],
  ["RECOVERY_CODES", "Recovery codes", "PREVIEW"],
  ["ROLLING_UPDATES_V1", "Rolling Updates", "DEFAULT"],
  ["ROLLING_UPDATES_V2", "Rolling Updates for patch releases", "PREVIEW"],
  ["SCRIPTS", "Write custom authenticators using JavaScript", "PREVIEW"],
  ["STEP_UP_AUTHENTICATION", "Step-up Authentication", "DEFAULT"],
  ["TOKEN_EXCHANGE", "Token Exchange Service", "PREVIEW", ["ADMIN_FINE_GRAINED_AUTHZ"]],
  ["TOKEN_EXCHANGE_EXTERNAL_INTERNAL_V2", "External to Internal Token Exchange version 2", "EXPERIMENTAL"],
  ["TOKEN_EXCHANGE_STANDARD_V2", "Standard Token Exchange version 2", "DEFAULT"],
  ["TRANSIENT_USERS", "Transient users for brokering", "EXPERIMENTAL"],
  ["UPDATE_EMAIL", "Update Email Action", "PREVIEW"],
  ["USER_EVENT_METRICS", "Collect metrics based on user events", "DISABLED_BY_DEFAULT"],
  ["WEB_AUTHN", "W3C Web Authentication (WebAuthn)", "DEFAULT"],
];

/** `--features` / `--features-disabled`: Keycloak's feature keys, `name` or `name:vN` (e.g. `admin-fine-grained-authz:v1`). */
export interface FeatureToggles {
  enabled: string[];
  disabled: string[];
}

const NO_TOGGLES: FeatureToggles = { enabled: [], disabled: [] };

/** Keycloak's key of a feature: ADMIN_FINE_GRAINED_AUTHZ_V2 is version 2 of `admin-fine-grained-authz`. */
function featureKey(name: string): { key: string; version: number } {
  const versioned = /^(.*)_V(\d+)$/.exec(name);
  const base = versioned ? versioned[1] : name;
  return { key: base.toLowerCase().replaceAll("_", "-"), version: versioned ? Number(versioned[2]) : 1 };
}

/** Throws on a key Keycloak would not recognise, as `kc.sh` refuses to start with one. */
export function checkFeatureToggles(toggles: FeatureToggles): void {
  const known = new Set(
    FEATURES.flatMap(([name]) => [featureKey(name).key, `${featureKey(name).key}:v${featureKey(name).version}`]),
  );
  for (const key of [...toggles.enabled, ...toggles.disabled]) {
    if (!known.has(key))
      throw new Error(`${key} is an unrecognized feature, it should be one of ${[...known].join(", ")}`);
  }
}

/**
 * The features and whether each is on. A key names one version of a feature; only one version is on at a time,
 * so enabling `admin-fine-grained-authz:v1` turns version 2 off. A bare key enables the default version (or the
 * newest) and disables every version.
 */
export function features(toggles: FeatureToggles = NO_TOGGLES): FeatureRepresentation[] {
  const all = FEATURES.map(([name, label, type, dependencies]) => ({
    name,
    label,
    type,
    dependencies,
    ...featureKey(name),
  }));
  const chosen = new Map<string, number | null>();
  for (const key of toggles.disabled) chosen.set(key.split(":")[0], null);
  for (const toggle of toggles.enabled) {
    const [key, version] = toggle.split(":");
    if (version) {
      chosen.set(key, Number(version.slice(1)));
      continue;
    }
    const versions = all.filter((f) => f.key === key);
    chosen.set(key, (versions.find((f) => f.type === "DEFAULT") ?? versions[versions.length - 1]).version);
  }
  return all.map(({ name, label, type, dependencies, key, version }) => ({
    name,
    label,
    type,
    enabled: chosen.has(key) ? chosen.get(key) === version : type === "DEFAULT",
    dependencies: dependencies ?? [],
  }));
}

export function isFeatureEnabled(name: string, toggles: FeatureToggles = NO_TOGGLES): boolean {
  return features(toggles).some((f) => f.name === name && f.enabled);
}

/** profileInfo as Keycloak derives it from the feature list. */
export function profileInfo(toggles: FeatureToggles = NO_TOGGLES) {
  const all = features(toggles);
  const names = (keep: (f: FeatureRepresentation) => boolean) => all.filter(keep).map((f) => f.name);
  return {
    name: "community",
    disabledFeatures: names((f) => !f.enabled),
    previewFeatures: names((f) => f.type === "PREVIEW" || f.type === "PREVIEW_DISABLED_BY_DEFAULT"),
    experimentalFeatures: names((f) => f.type === "EXPERIMENTAL"),
  };
}
