import { useEffect, useState, type DragEvent } from "react";
import { Link, useNavigate } from "react-router";
import type {
  UserProfileAttribute,
  UserProfileConfig,
} from "@keycloak/keycloak-admin-client/lib/defs/userProfileMetadata.js";
import { Button } from "@patternfly/react-core/dist/esm/components/Button/index.js";
import { Toolbar, ToolbarContent, ToolbarItem } from "@patternfly/react-core/dist/esm/components/Toolbar/index.js";
import { Table, Tbody, Td, Th, Thead, Tr } from "@patternfly/react-table/dist/esm/components/Table/index.js";
import ArrowUpIcon from "@patternfly/react-icons/dist/esm/icons/arrow-up-icon.js";
import ArrowDownIcon from "@patternfly/react-icons/dist/esm/icons/arrow-down-icon.js";
import GripVerticalIcon from "@patternfly/react-icons/dist/esm/icons/grip-vertical-icon.js";
import { useAccess } from "../../../core/access/access-context.tsx";
import { useMessages } from "../../../core/i18n/use-messages.ts";
import { useAlerts } from "../../../core/ui/alerts/alerts-context.tsx";
import { useConfirm } from "../../../core/ui/dialogs/index.ts";
import { SingleSelect } from "../../../core/ui/overlays/index.ts";
import { TableEmptyState } from "../../../core/ui/table/index.ts";
import { translatePlaceholder } from "../../../core/ui/user-profile/translate-placeholder.ts";
import { moveAttribute, PERMANENT_ATTRIBUTES } from "./attribute-order.ts";
import { toAddAttribute, toEditAttribute } from "./paths.ts";
import { useUserProfile } from "./use-user-profile.ts";
import "./user-profile-messages.ts";

const ALL = "";

/** The profile's attributes in their order: filter by group, reorder (drag or the move buttons), delete. */
export function AttributesList({ config }: { config: UserProfileConfig }) {
  const { t } = useMessages();
  const { realm, save } = useUserProfile();
  const navigate = useNavigate();
  const { addAlert, addError } = useAlerts();
  const { confirm, dialog } = useConfirm();
  const canManage = useAccess().hasAccess("manage-realm");
  const [attributes, setAttributes] = useState(config.attributes ?? []);
  useEffect(() => setAttributes(config.attributes ?? []), [config]);
  const [group, setGroup] = useState(ALL);
  const [dragged, setDragged] = useState<string>();
  const [announcement, setAnnouncement] = useState("");
  const shown = attributes.filter((attribute) => group === ALL || attribute.group === group);

  const saveOrder = async (next: UserProfileAttribute[], moved: string) => {
    const previous = attributes;
    setAttributes(next);
    const position = next.findIndex((attribute) => attribute.name === moved) + 1;
    setAnnouncement(t("upMoved", { name: moved, position, count: next.length }));
    try {
      await save({ ...config, attributes: next });
      addAlert(t("userProfileSuccess"));
    } catch (error) {
      setAttributes(previous);
      addError("userProfileError", error);
    }
  };

  const move = (name: string, offset: -1 | 1) => {
    const index = shown.findIndex((attribute) => attribute.name === name);
    const target = shown[index + offset]?.name;
    if (target) void saveOrder(moveAttribute(attributes, name, target), name);
  };

  const drop = (event: DragEvent, target: string) => {
    event.preventDefault();
    if (dragged && dragged !== target) void saveOrder(moveAttribute(attributes, dragged, target), dragged);
    setDragged(undefined);
  };

  const remove = async (attribute: UserProfileAttribute) => {
    const name = attribute.name ?? "";
    const agreed = await confirm({
      title: t("deleteAttributeConfirmTitle"),
      children: t("deleteAttributeConfirm", { attributeName: name }),
      confirmLabel: t("delete"),
      variant: "destructive",
    });
    if (!agreed) return;
    try {
      await save({ ...config, attributes: attributes.filter((entry) => entry.name !== name) });
      addAlert(t("deleteAttributeSuccess"));
    } catch (error) {
      addError("deleteAttributeError", error);
    }
  };

  const groupChoices = [
    { value: ALL, label: t("allGroups") },
    ...(config.groups ?? []).map((entry) => ({ value: entry.name ?? "", label: entry.name ?? "" })),
  ];

  return (
    <>
      <Toolbar>
        <ToolbarContent>
          <ToolbarItem alignItems="center">
            <label htmlFor="kc-up-group-filter" className="kc-up-filter-label">
              {t("upFilterByGroup")}
            </label>
          </ToolbarItem>
          <ToolbarItem>
            <SingleSelect id="kc-up-group-filter" options={groupChoices} value={group} onChange={setGroup} />
          </ToolbarItem>
          {canManage && (
            <ToolbarItem>
              <Button onClick={() => navigate(toAddAttribute(realm))}>{t("createAttribute")}</Button>
            </ToolbarItem>
          )}
        </ToolbarContent>
      </Toolbar>
      {shown.length === 0 ? (
        <TableEmptyState title={t("upNoAttributes")} />
      ) : (
        <Table
          aria-label={t("attributes")}
          variant="compact"
          className="kc-up-table"
          data-testid="user-profile-attributes"
        >
          <Thead>
            <Tr>
              {canManage && <Th screenReaderText={t("upOrder")} modifier="fitContent" />}
              <Th>{t("attributeName")}</Th>
              <Th>{t("attributeDisplayName")}</Th>
              <Th>{t("attributeGroup")}</Th>
              {canManage && <Th screenReaderText={t("delete")} />}
            </Tr>
          </Thead>
          <Tbody>
            {shown.map((attribute, index) => {
              const name = attribute.name ?? "";
              return (
                <Tr
                  key={name}
                  draggable={canManage}
                  onDragStart={() => setDragged(name)}
                  onDragOver={(event) => event.preventDefault()}
                  onDrop={(event) => drop(event, name)}
                  onDragEnd={() => setDragged(undefined)}
                  className={dragged === name ? "kc-up-dragging" : undefined}
                >
                  {canManage && (
                    <Td modifier="fitContent">
                      <span className="kc-up-drag-handle" aria-hidden="true" title={t("upDragHandle", { name })}>
                        <GripVerticalIcon />
                      </span>
                      <Button
                        variant="plain"
                        aria-label={t("upMoveUp", { name })}
                        isDisabled={index === 0}
                        onClick={() => move(name, -1)}
                        icon={<ArrowUpIcon />}
                      />
                      <Button
                        variant="plain"
                        aria-label={t("upMoveDown", { name })}
                        isDisabled={index === shown.length - 1}
                        onClick={() => move(name, 1)}
                        icon={<ArrowDownIcon />}
                      />
                    </Td>
                  )}
                  <Td dataLabel={t("attributeName")}>
                    <Link to={toEditAttribute(realm, name)}>{name}</Link>
                  </Td>
                  <Td dataLabel={t("attributeDisplayName")}>{translatePlaceholder(t, attribute.displayName)}</Td>
                  <Td dataLabel={t("attributeGroup")}>{attribute.group}</Td>
                  {canManage && (
                    <Td isActionCell>
                      {!PERMANENT_ATTRIBUTES.includes(name) && (
                        <Button variant="link" isDanger onClick={() => void remove(attribute)}>
                          {t("delete")}
                        </Button>
                      )}
                    </Td>
                  )}
                </Tr>
              );
            })}
          </Tbody>
        </Table>
      )}
      <div className="pf-v6-screen-reader" aria-live="polite" data-testid="user-profile-order-status">
        {announcement}
      </div>
      {dialog}
    </>
  );
}
