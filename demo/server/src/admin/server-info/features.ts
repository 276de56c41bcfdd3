import { readFileSync } from "node:fs";
import { join } from "node:path";

export type FeatureType =
  "DEFAULT" | "DISABLED_BY_DEFAULT" | "PREVIEW" | "PREVIEW_DISABLED_BY_DEFAULT" | "EXPERIMENTAL" | "DEPRECATED";

export interface FeatureRepresentation {
  name: string;
  label: string;
  type: FeatureType;
  enabled: boolean;
  dependencies: string[];
}

/** Keycloak 26.7.3's features as a default `kc.sh start` reports them (captured by scripts/capture-serverinfo.ts). */
const FEATURES = JSON.parse(
  readFileSync(join(import.meta.dirname, "serverinfo-features.json"), "utf8"),
) as (FeatureRepresentation & { deprecated?: boolean })[];

/**
 * Features Keycloak 26.7.3 turns on by default that the embedded server does not provide: reported as off, so a
 * console (ours or Keycloak's own) offers no screen whose endpoints would not answer. Workflows: `/workflows` is not served.
 */
const NOT_PROVIDED = new Set(["WORKFLOWS"]);

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
    FEATURES.flatMap(({ name }) => [featureKey(name).key, `${featureKey(name).key}:v${featureKey(name).version}`]),
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
  const all = FEATURES.map((feature) => ({ feature, ...featureKey(feature.name) }));
  const chosen = new Map<string, number | null>();
  for (const key of toggles.disabled) chosen.set(key.split(":")[0], null);
  for (const toggle of toggles.enabled) {
    const [key, version] = toggle.split(":");
    if (version) {
      chosen.set(key, Number(version.slice(1)));
      continue;
    }
    const versions = all.filter((f) => f.key === key);
    chosen.set(key, (versions.find((f) => f.feature.type === "DEFAULT") ?? versions[versions.length - 1]).version);
  }
  return all.map(({ feature, key, version }) => ({
    ...feature,
    enabled: !NOT_PROVIDED.has(feature.name) && (chosen.has(key) ? chosen.get(key) === version : feature.enabled),
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
