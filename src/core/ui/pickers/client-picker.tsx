import { useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { useMessages } from "../../i18n/use-messages.ts";
import { useAdminClient } from "../../runtime/runtime-context.tsx";
import { searchClients } from "./client-search.ts";
import { PICKER_RESULT_SIZE } from "./picker-constants.ts";
import { usePickerRealm } from "./picker-realm.ts";
import { SearchSelect } from "./search-select.tsx";
import { useDebouncedValue } from "./use-debounced-value.ts";

export interface ClientPickerProps {
  /** Chosen clients: their clientId (or their internal id with `valueField="id"`). */
  values: string[];
  onChange(values: string[]): void;
  isMulti?: boolean;
  valueField?: "clientId" | "id";
  realm?: string;
  id?: string;
  "aria-label"?: string;
  isDisabled?: boolean;
}

/** Clients searched on the server by clientId as the user types; an exact match comes first. */
export function ClientPicker({
  values,
  onChange,
  isMulti,
  valueField = "clientId",
  realm,
  id,
  isDisabled,
  ...aria
}: ClientPickerProps) {
  const { t } = useMessages();
  const adminClient = useAdminClient();
  const pickerRealm = usePickerRealm(realm);
  const [text, setText] = useState("");
  const search = useDebouncedValue(text);
  const query = useQuery({
    queryKey: ["picker-clients", pickerRealm, search],
    queryFn: () => searchClients(adminClient, pickerRealm, search, PICKER_RESULT_SIZE),
  });
  const options = (query.data ?? []).map((client) => ({
    value: (valueField === "id" ? client.id : client.clientId) ?? "",
    label: client.clientId ?? "",
    description: client.name && client.name !== client.clientId ? client.name : undefined,
  }));
  return (
    <SearchSelect
      id={id}
      aria-label={aria["aria-label"] ?? t("searchForClient")}
      placeholder={t("searchForClient")}
      options={options}
      values={values}
      onChange={onChange}
      onFilterChange={setText}
      isMulti={isMulti}
      isDisabled={isDisabled}
      isLoading={query.isPending || text !== search}
    />
  );
}
