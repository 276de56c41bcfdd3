/** Policy types the console creates, in the order the chooser lists them; `js` is shown read-only. */
export const POLICY_TYPES = ["role", "user", "group", "client", "client-scope", "time", "regex", "aggregate"] as const;
export const READ_ONLY_POLICY_TYPES = ["js"];
/** Keycloak's message keys for the policy and permission types it names; our own `authzType-…` keys for the rest. */
const KEYCLOAK_TYPE_KEYS: Record<string, string> = {
  role: "role",
  user: "user",
  group: "group",
  client: "client",
  "client-scope": "clientScope",
  time: "time",
  resource: "resource",
  scope: "scope",
};
export const policyTypeKey = (type: string) => KEYCLOAK_TYPE_KEYS[type] ?? `authzType-${type}`;
