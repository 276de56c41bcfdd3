import { useRef, useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { useMessages } from "../../i18n/use-messages.ts";
import { useAdminClient } from "../../runtime/runtime-context.tsx";
import { PICKER_RESULT_SIZE } from "./picker-constants.ts";
import { usePickerRealm } from "./picker-realm.ts";
import { SearchSelect } from "./search-select.tsx";
import { useDebouncedValue } from "./use-debounced-value.ts";

export interface UserPickerProps {
  /** Chosen users' ids. */
  values: string[];
  onChange(values: string[]): void;
  isMulti?: boolean;
  realm?: string;
  id?: string;
  "aria-label"?: string;
  isDisabled?: boolean;
}

/** Users searched on the server (username, email, names) as the user types. */
export function UserPicker({ values, onChange, isMulti = true, realm, id, isDisabled, ...aria }: UserPickerProps) {
  const { t } = useMessages();
  const adminClient = useAdminClient();
  const pickerRealm = usePickerRealm(realm);
  const [text, setText] = useState("");
  const search = useDebouncedValue(text);
  const usernames = useRef<Record<string, string>>({});
  const query = useQuery({
    queryKey: ["picker-users", pickerRealm, search],
    queryFn: () =>
      adminClient.users.find({
        realm: pickerRealm,
        search,
        first: 0,
        max: PICKER_RESULT_SIZE,
        briefRepresentation: true,
      }),
  });
  const options = (query.data ?? []).map((user) => ({
    value: user.id ?? "",
    label: user.username ?? "",
    description: [user.firstName, user.lastName].filter(Boolean).join(" ") || user.email,
  }));
  for (const option of options) usernames.current[option.value] = option.label;
  return (
    <SearchSelect
      id={id}
      aria-label={aria["aria-label"] ?? t("pickerSearchUsers")}
      placeholder={t("pickerSearchUsers")}
      options={options}
      values={values}
      labels={usernames.current}
      onChange={onChange}
      onFilterChange={setText}
      isMulti={isMulti}
      isDisabled={isDisabled}
      isLoading={query.isPending || text !== search}
    />
  );
}
