import type RealmRepresentation from "@keycloak/keycloak-admin-client/lib/defs/realmRepresentation.js";
import { Label } from "@patternfly/react-core/dist/esm/components/Label/index.js";
import { useMessages } from "../../core/i18n/use-messages.ts";
import { REALM_BINDINGS, type FlowOverview, type RealmBinding } from "./queries.ts";

/** The realm purposes a flow is bound to, read from the realm's binding fields. */
export function bindingsOf(realm: RealmRepresentation | undefined, alias: string): RealmBinding[] {
  if (!realm) return [];
  return REALM_BINDINGS.filter((binding) => (realm as Record<string, unknown>)[binding] === alias);
}

/** "Bound as browser flow", the clients or identity providers using a flow, or "Not in use". */
export function FlowUsage({ flow, realm }: { flow: FlowOverview; realm: RealmRepresentation | undefined }) {
  const { t } = useMessages();
  const usedBy = flow.usedBy;
  if (!usedBy) return <span className="kc-authn-not-in-use">{t("authnNotInUse")}</span>;
  const names = usedBy.values.join(", ");
  if (usedBy.type === "SPECIFIC_CLIENTS") return <Label color="blue">{t("authnUsedByClients", { names })}</Label>;
  if (usedBy.type === "SPECIFIC_PROVIDERS") return <Label color="purple">{t("authnUsedByProviders", { names })}</Label>;
  const bindings = bindingsOf(realm, flow.alias).map((binding) => t(`authnBinding_${binding}`));
  return <Label color="green">{t("authnBoundAs", { bindings: bindings.join(", ") || flow.alias })}</Label>;
}
