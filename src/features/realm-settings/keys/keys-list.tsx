import { useState } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { Button } from "@patternfly/react-core/dist/esm/components/Button/index.js";
import { Toolbar, ToolbarContent, ToolbarItem } from "@patternfly/react-core/dist/esm/components/Toolbar/index.js";
import { useMessages } from "../../../core/i18n/use-messages.ts";
import { useAdminClient } from "../../../core/runtime/runtime-context.tsx";
import { useCurrentRealm } from "../../../core/runtime/current-realm.tsx";
import { SingleSelect } from "../../../core/ui/overlays/single-select.tsx";
import { DataTable, type TableColumn } from "../../../core/ui/table/index.ts";
import { KeyValueDialog, type KeyValueDialogProps } from "./key-value-dialog.tsx";
import { fetchKeys, type KeyMetadata } from "./keys-queries.ts";
import "./keys-messages.ts";
import "./keys.css";

const STATUSES = ["ACTIVE", "PASSIVE", "DISABLED"] as const;
type Status = (typeof STATUSES)[number];
const STATUS_FILTER_LABEL: Record<Status, string> = {
  ACTIVE: "rsKeysActive",
  PASSIVE: "rsKeysPassive",
  DISABLED: "rsKeysDisabled",
};

const matches = (key: KeyMetadata, needle: string) =>
  [key.kid, key.algorithm, key.type, key.use].some((field) => (field ?? "").toLowerCase().includes(needle));

/** `realm-settings/keys/list`: the realm's keys of one status, with their public key and certificate. */
export function KeysList({ providerNames }: { providerNames: Map<string, string> }) {
  const { t } = useMessages();
  const realm = useCurrentRealm();
  const adminClient = useAdminClient();
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<Status>("ACTIVE");
  const [shown, setShown] = useState<Omit<KeyValueDialogProps, "onClose">>();

  const valueButton = (key: KeyMetadata, what: "publicKey" | "certificate") => {
    const value = what === "publicKey" ? key.publicKey : key.certificate;
    if (!value) return null;
    return (
      <Button
        variant="secondary"
        size="sm"
        onClick={() => setShown({ what, kid: key.kid ?? "", value })}
        aria-label={`${t(what)}: ${key.kid ?? ""}`}
      >
        {t(what)}
      </Button>
    );
  };

  const columns: TableColumn<KeyMetadata>[] = [
    { name: "algorithm", title: t("algorithm"), cell: (key) => key.algorithm ?? "" },
    { name: "type", title: t("type"), cell: (key) => key.type ?? "" },
    { name: "kid", title: t("kid"), cell: (key) => <code className="kc-key-kid">{key.kid}</code> },
    { name: "use", title: t("use"), cell: (key) => key.use ?? "" },
    {
      name: "provider",
      title: t("provider"),
      cell: (key) => providerNames.get(key.providerId ?? "") ?? key.providerId ?? "",
    },
    {
      name: "validTo",
      title: t("validTo"),
      cell: (key) => (key.validTo ? new Date(Number(key.validTo)).toLocaleString() : ""),
    },
    {
      name: "publicKeys",
      title: t("publicKeys"),
      cell: (key) => (
        <div className="kc-key-value-buttons">
          {valueButton(key, "publicKey")}
          {valueButton(key, "certificate")}
        </div>
      ),
    },
  ];

  return (
    <>
      <Toolbar>
        <ToolbarContent>
          <ToolbarItem>
            <SingleSelect
              aria-label={`${t("filterByStatus")}: ${t(STATUS_FILTER_LABEL[status])}`}
              value={status}
              onChange={(value) => setStatus(value as Status)}
              options={STATUSES.map((value) => ({ value, label: t(STATUS_FILTER_LABEL[value]) }))}
            />
          </ToolbarItem>
        </ToolbarContent>
      </Toolbar>
      <DataTable<KeyMetadata>
        tableId="realm-keys"
        ariaLabel={t("keysList")}
        columns={columns}
        rowKey={(key) => `${key.providerId ?? ""}/${key.kid ?? ""}`}
        searchPlaceholder={t("searchKey")}
        refreshKey={status}
        loader={async (first, max, search) => {
          const needle = search.trim().toLowerCase();
          const keys = await fetchKeys(queryClient, adminClient, realm);
          return keys.filter((key) => key.status === status && matches(key, needle)).slice(first, first + max);
        }}
        emptyState={{ title: t("noKeys"), message: t("noKeysDescription") }}
      />
      {shown && <KeyValueDialog {...shown} onClose={() => setShown(undefined)} />}
    </>
  );
}
