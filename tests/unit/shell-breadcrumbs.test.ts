import { describe, expect, it } from "vitest";
import { breadcrumbTrail } from "../../src/features/shell/breadcrumb-trail.ts";
import { consoleRoutes } from "../../src/features/shell/console-route-table.ts";

const labels = (path: string) => breadcrumbTrail(consoleRoutes, path).map((crumb) => `${crumb.label} ${crumb.path}`);

describe("console breadcrumbs", () => {
  it("names a user's page by its route, never by its id", () => {
    expect(labels("users/0b7c-id/settings")).toEqual(["users users", "userDetails users/0b7c-id/settings"]);
    expect(labels("users/add-user")).toEqual(["users users", "createUser users/add-user"]);
  });

  it("gives roles and organizations a details crumb", () => {
    expect(labels("roles/r-1/attributes")).toEqual(["realmRoles roles", "roleDetails roles/r-1"]);
    expect(labels("organizations/o-1/members")).toEqual([
      "organizations organizations",
      "organizationDetails organizations/o-1",
    ]);
  });

  it("has one level for a list and for the group tree (which shows its own path)", () => {
    expect(labels("users")).toEqual(["users users"]);
    expect(labels("groups/g-1/g-2")).toEqual(["groups groups"]);
  });
});
