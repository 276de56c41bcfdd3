import type { ComponentType } from "react";
import { useParams } from "react-router";

/** The address parts that name what an authorization page edits. */
const ADDRESS_PARTS = [
  "clientId",
  "policyId",
  "policyType",
  "permissionType",
  "permissionId",
  "selectedId",
  "resourceId",
  "scopeId",
] as const;

/** The page keyed by its address, so moving from one item (or a new one) to another starts a fresh form. */
export function keyedByAddress(Body: ComponentType): ComponentType {
  return function KeyedByAddress() {
    const params = useParams();
    return <Body key={ADDRESS_PARTS.map((part) => params[part] ?? "").join("/")} />;
  };
}
