import { Link, useNavigate } from "react-router";
import type ClientProfilesRepresentation from "@keycloak/keycloak-admin-client/lib/defs/clientProfilesRepresentation.js";
import { Button } from "@patternfly/react-core/dist/esm/components/Button/index.js";
import { Label } from "@patternfly/react-core/dist/esm/components/Label/index.js";
import { Toolbar, ToolbarContent, ToolbarItem } from "@patternfly/react-core/dist/esm/components/Toolbar/index.js";
import { Table, Tbody, Td, Th, Thead, Tr } from "@patternfly/react-table/dist/esm/components/Table/index.js";
import { useAccess } from "../../../core/access/access-context.tsx";
import { useMessages } from "../../../core/i18n/use-messages.ts";
import { useAlerts } from "../../../core/ui/alerts/alerts-context.tsx";
import { useConfirm } from "../../../core/ui/dialogs/index.ts";
import { TableEmptyState } from "../../../core/ui/table/index.ts";
import { JsonConfigEditor } from "../json/json-config-editor.tsx";
import { ConfigViewSwitch } from "./config-view-switch.tsx";
import { toAddProfile, toEditProfile } from "./paths.ts";
import { useClientProfiles, type Profile } from "./use-client-policies.ts";
import "./client-policies-messages.ts";
import "./client-policies.css";

/** The realm's client profiles and the global ones (read-only), as a table or as JSON. */
export function ProfilesList({ data }: { data: ClientProfilesRepresentation }) {
  const { t } = useMessages();
  const { realm, save } = useClientProfiles();
  const navigate = useNavigate();
  const { addAlert, addError } = useAlerts();
  const { confirm, dialog } = useConfirm();
  const canManage = useAccess().hasAccess("manage-realm");
  const own = data.profiles ?? [];
  const rows = [
    ...(data.globalProfiles ?? []).map((profile) => ({ profile, global: true })),
    ...own.map((profile) => ({ profile, global: false })),
  ];

  const remove = async (profile: Profile) => {
    const agreed = await confirm({
      title: t("deleteClientProfileConfirmTitle"),
      children: t("deleteClientProfileConfirm", { profileName: profile.name }),
      confirmLabel: t("delete"),
      variant: "destructive",
    });
    if (!agreed) return;
    try {
      await save(own.filter((entry) => entry.name !== profile.name));
      addAlert(t("updateClientProfilesSuccess"));
    } catch (error) {
      addError("updateClientProfilesError", error);
    }
  };

  const table =
    rows.length === 0 ? (
      <TableEmptyState
        title={t("emptyProfiles")}
        message={t("emptyClientProfilesInstructions")}
        primaryAction={
          canManage ? { title: t("newClientProfile"), onClick: () => navigate(toAddProfile(realm)) } : undefined
        }
      />
    ) : (
      <>
        {canManage && (
          <Toolbar>
            <ToolbarContent>
              <ToolbarItem>
                <Button onClick={() => navigate(toAddProfile(realm))}>{t("newClientProfile")}</Button>
              </ToolbarItem>
            </ToolbarContent>
          </Toolbar>
        )}
        <Table aria-label={t("clientProfiles")} variant="compact" className="kc-cp-table">
          <Thead>
            <Tr>
              <Th>{t("name")}</Th>
              <Th>{t("description")}</Th>
              {canManage && <Th screenReaderText={t("delete")} />}
            </Tr>
          </Thead>
          <Tbody>
            {rows.map(({ profile, global }) => (
              <Tr key={`${global ? "global" : "realm"}-${profile.name}`}>
                <Td dataLabel={t("name")}>
                  <Link to={toEditProfile(realm, profile.name ?? "")}>{profile.name}</Link>
                  {global && (
                    <Label color="blue" isCompact className="kc-cp-global">
                      {t("global")}
                    </Label>
                  )}
                </Td>
                <Td dataLabel={t("description")}>{profile.description}</Td>
                {canManage && (
                  <Td isActionCell>
                    {!global && (
                      <Button variant="link" isDanger onClick={() => void remove(profile)}>
                        {t("delete")}
                      </Button>
                    )}
                  </Td>
                )}
              </Tr>
            ))}
          </Tbody>
        </Table>
      </>
    );

  return (
    <>
      <ConfigViewSwitch
        id="kc-profiles-view"
        form={table}
        json={
          <JsonConfigEditor
            id="kc-client-profiles-json"
            label={t("cpProfilesJson")}
            value={{ profiles: own }}
            check={(parsed) =>
              parsed && typeof parsed === "object" && Array.isArray((parsed as { profiles?: unknown }).profiles)
                ? undefined
                : t("cpJsonNotProfiles")
            }
            onSave={async (parsed) => {
              await save((parsed as { profiles: Profile[] }).profiles);
              addAlert(t("updateClientProfilesSuccess"));
            }}
          />
        }
      />
      {dialog}
    </>
  );
}
