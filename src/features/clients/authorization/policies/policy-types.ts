/** Policy types the console creates, in the order the chooser lists them; `js` is shown read-only. */
export const POLICY_TYPES = ["role", "user", "group", "client", "client-scope", "time", "regex", "aggregate"] as const;
export const READ_ONLY_POLICY_TYPES = ["js"];
export const policyTypeKey = (type: string) => `authzType-${type}`;
