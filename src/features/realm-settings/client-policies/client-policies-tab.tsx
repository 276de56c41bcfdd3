import { NotBuiltTab } from "../not-built-tab.tsx";

export function ClientPoliciesTab() {
  return <NotBuiltTab />;
}
