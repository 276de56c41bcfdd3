import type GroupRepresentation from "@keycloak/keycloak-admin-client/lib/defs/groupRepresentation.js";
import { useMessages } from "../../core/i18n/use-messages.ts";
import { useCurrentRealm } from "../../core/runtime/current-realm.tsx";
import { useAdminClient } from "../../core/runtime/runtime-context.tsx";
import { ChipGroupList } from "../../core/ui/table/chip-group-list.tsx";
import { DataTable } from "../../core/ui/table/data-table.tsx";
import { countGroups, findGroups, subGroupNames } from "./catalogue-queries.ts";
import "./messages.ts";

/** The realm's top-level groups: a second table with its own remembered page size, sub-groups on expand. */
export function GroupsTableSection() {
  const { t } = useMessages();
  const client = useAdminClient();
  const realm = useCurrentRealm();
  return (
    <DataTable<GroupRepresentation>
      tableId="catalogue-groups"
      ariaLabel={t("groups")}
      searchPlaceholder={t("searchGroups")}
      loader={(first, max, search) => findGroups(client, realm, first, max, search)}
      countLoader={(search) => countGroups(client, realm, search)}
      rowKey={(group) => group.id!}
      columns={[
        { name: "name", title: t("name") },
        { name: "path", title: t("path") },
        { name: "subGroupCount", title: t("catalogueSubGroups"), cell: (group) => String(group.subGroupCount ?? 0) },
      ]}
      loadDetail={async (group) => {
        const names = await subGroupNames(client, realm, group.id!);
        return names.length ? (
          <ChipGroupList values={names} aria-label={t("catalogueSubGroups")} />
        ) : (
          t("moveGroupEmpty")
        );
      }}
    />
  );
}
