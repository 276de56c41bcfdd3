import { describe, expect, it } from "vitest";
import {
  NEW_PERMISSION,
  toFormValues,
  toRepresentation,
} from "../../src/features/permissions/permission-form-values.ts";
import { permissionResourceType, resourceTypeKey } from "../../src/features/permissions/permission-queries.ts";
import {
  isPermissionTab,
  toNewPermission,
  toPermission,
  toPermissionsTab,
} from "../../src/features/permissions/paths.ts";

describe("permissions area", () => {
  it("sends chosen resources only when the permission is not on all resources of its type", () => {
    const values = {
      ...NEW_PERMISSION,
      name: " Support ",
      scopes: ["view-members"],
      resources: ["g1"],
      policies: ["p1"],
    };
    expect(toRepresentation(values, "Groups")).toEqual({
      name: "Support",
      description: "",
      type: "scope",
      resourceType: "Groups",
      resources: [],
      scopes: ["view-members"],
      policies: ["p1"],
      decisionStrategy: "UNANIMOUS",
    });
    expect(toRepresentation({ ...values, allResources: false }, "Groups").resources).toEqual(["g1"]);
  });

  it("fills the form from a stored permission and its associations", () => {
    const values = toFormValues({
      permission: { name: "Support", decisionStrategy: "UNANIMOUS" as never, resourceType: "Groups" },
      scopes: ["view-members", "manage-members"],
      resources: ["g1"],
      allResources: false,
      policies: [{ id: "p1", name: "Support team" }],
    });
    expect(values).toEqual({
      name: "Support",
      description: "",
      allResources: false,
      resources: ["g1"],
      scopes: ["view-members", "manage-members"],
      policies: ["p1"],
    });
  });

  it("reads the resource type from the representation or its config", () => {
    expect(permissionResourceType({ resourceType: "Users" })).toBe("Users");
    expect(permissionResourceType({ config: { resourceType: "Clients" } })).toBe("Clients");
    expect(permissionResourceType({})).toBe("");
    expect(resourceTypeKey("Groups")).toBe("groups");
  });

  it("builds the upstream console's addresses", () => {
    expect(toPermissionsTab("demo", "c1")).toBe("/demo/permissions/c1/permissions");
    expect(toNewPermission("demo", "Groups")).toBe("/demo/permissions/permission/new/Groups");
    expect(toPermission("demo", "p 1", "Users")).toBe("/demo/permissions/permission/p%201/Users");
    expect(isPermissionTab("evaluation")).toBe(true);
    expect(isPermissionTab("settings")).toBe(false);
  });
});
