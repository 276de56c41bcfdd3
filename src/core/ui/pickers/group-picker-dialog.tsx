import { useState } from "react";
import { Button } from "@patternfly/react-core/dist/esm/components/Button/index.js";
import { SearchInput } from "@patternfly/react-core/dist/esm/components/SearchInput/index.js";
import { Table, Tbody, Td, Tr } from "@patternfly/react-table/dist/esm/components/Table/index.js";
import AngleRightIcon from "@patternfly/react-icons/dist/esm/icons/angle-right-icon.js";
import { useMessages } from "../../i18n/use-messages.ts";
import { LoadingSpinner } from "../layout/loading-spinner.tsx";
import { Modal, ModalBody, ModalFooter, ModalHeader } from "../overlays/index.ts";
import { GroupBreadcrumbs } from "./group-breadcrumbs.tsx";
import { useGroupPage, type GroupRow } from "./group-level-query.ts";
import type { PickedGroup } from "./group-paths.ts";
import { GROUP_PICKER_PAGE_SIZE } from "./picker-constants.ts";
import { usePickerRealm } from "./picker-realm.ts";
import { SimplePager } from "./simple-pager.tsx";
import "./picker-messages.ts";

export interface GroupPickerDialogProps {
  isMulti?: boolean;
  title?: string;
  realm?: string;
  /** Groups that cannot be chosen (e.g. those the user is already in). */
  disabledIds?: string[];
  onSelect(groups: PickedGroup[]): void;
  onClose(): void;
}

/**
 * Picks one or several groups: browse the tree a level at a time (each level paged on the server
 * and remembered while you go deeper), or search the whole hierarchy and pick from the paths found.
 */
export function GroupPickerDialog({
  isMulti = false,
  title,
  realm,
  disabledIds = [],
  onSelect,
  onClose,
}: GroupPickerDialogProps) {
  const { t } = useMessages();
  const pickerRealm = usePickerRealm(realm);
  const [trail, setTrail] = useState<{ id: string; name: string }[]>([]);
  const [firstByLevel, setFirstByLevel] = useState<Record<string, number>>({});
  const [search, setSearch] = useState("");
  const [typed, setTyped] = useState("");
  const [selected, setSelected] = useState<Map<string, PickedGroup>>(new Map());
  const levelKey = search ? `search:${search}` : (trail.at(-1)?.id ?? "top");
  const first = firstByLevel[levelKey] ?? 0;
  const page = useGroupPage(pickerRealm, trail, first, search);

  const toggle = (row: GroupRow, isChosen: boolean) => {
    const next = new Map(isMulti ? selected : []);
    if (isChosen) next.set(row.id, { id: row.id, name: row.name, path: row.path });
    else next.delete(row.id);
    setSelected(next);
  };
  const open = (row: GroupRow) => {
    setSearch("");
    setTyped("");
    setTrail(search ? pathTrail(row) : [...trail, { id: row.id, name: row.name }]);
  };

  return (
    <Modal isOpen variant="small" onClose={onClose} aria-labelledby="kc-group-picker-title">
      <ModalHeader
        title={title ?? t(isMulti ? "pickerGroupsTitleMulti" : "selectGroup")}
        labelId="kc-group-picker-title"
      />
      <ModalBody>
        <SearchInput
          aria-label={t("searchGroups")}
          placeholder={t("searchGroups")}
          value={typed}
          onChange={(_event, value) => setTyped(value)}
          onSearch={(_event, value) => setSearch(value.trim())}
          onClear={() => {
            setTyped("");
            setSearch("");
          }}
        />
        {!search && <GroupBreadcrumbs trail={trail} onNavigate={(depth) => setTrail(trail.slice(0, depth))} />}
        {page.isPending ? (
          <LoadingSpinner />
        ) : (page.data?.rows.length ?? 0) === 0 ? (
          <p className="kc-group-picker-empty">{search ? t("noResultsFound") : t("pickerGroupsEmpty")}</p>
        ) : (
          <Table aria-label={t("groups")} variant="compact">
            <Tbody>
              {page.data!.rows.map((row, rowIndex) => (
                <Tr key={row.id} data-group-id={row.id}>
                  <Td
                    select={{
                      rowIndex,
                      variant: isMulti ? "checkbox" : "radio",
                      isSelected: selected.has(row.id),
                      isDisabled: disabledIds.includes(row.id),
                      onSelect: (_event, isChosen) => toggle(row, isChosen),
                    }}
                    aria-label={t("pickerSelectGroup", { name: row.name })}
                  />
                  <Td dataLabel={t("groups")}>{search ? row.path : row.name}</Td>
                  <Td isActionCell>
                    {(search || (row.subGroupCount ?? 0) > 0) && (
                      <Button
                        variant="plain"
                        aria-label={t("pickerGroupChildren", { name: row.name })}
                        icon={<AngleRightIcon />}
                        onClick={() => open(row)}
                      />
                    )}
                  </Td>
                </Tr>
              ))}
            </Tbody>
          </Table>
        )}
        <SimplePager
          first={first}
          pageSize={GROUP_PICKER_PAGE_SIZE}
          hasNext={page.data?.hasNext ?? false}
          onChange={(next) => setFirstByLevel({ ...firstByLevel, [levelKey]: next })}
        />
      </ModalBody>
      <ModalFooter>
        <Button variant="primary" isDisabled={selected.size === 0} onClick={() => onSelect([...selected.values()])}>
          {t("select")}
        </Button>
        <Button variant="link" onClick={onClose}>
          {t("cancel")}
        </Button>
      </ModalFooter>
    </Modal>
  );
}

/** The trail to a group found by search: its ancestors are only known by name from its path, so open the group itself at the top of a one-step trail. */
function pathTrail(row: GroupRow): { id: string; name: string }[] {
  return [{ id: row.id, name: row.path.replace(/^\//, "") }];
}
