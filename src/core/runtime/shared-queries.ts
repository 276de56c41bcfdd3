import { useQuery, useSuspenseQuery } from "@tanstack/react-query";
import { fetchServerInfo, serverInfoKey } from "../api/server-info.ts";
import { fetchRealm, realmKey } from "../api/realm.ts";
import { fetchWhoAmI, whoAmIKey } from "../api/who-am-i.ts";
import { useRuntime } from "./runtime-context.tsx";

export function useServerInfoQuery() {
  const { adminClient } = useRuntime();
  return useQuery({ queryKey: serverInfoKey, queryFn: () => fetchServerInfo(adminClient), staleTime: Infinity });
}

export function useWhoAmIQuery(currentRealm: string) {
  const { adminClient, authRealm, auth } = useRuntime();
  return useQuery({
    queryKey: whoAmIKey(authRealm, currentRealm),
    queryFn: () => fetchWhoAmI(adminClient, authRealm, currentRealm, () => auth.getAccessToken()),
  });
}

export function useRealmQuery(realm: string) {
  const { adminClient } = useRuntime();
  return useQuery({ queryKey: realmKey(realm), queryFn: () => fetchRealm(adminClient, realm) });
}

/** Server info for a screen that cannot render without it: suspends until it is there. */
export function useServerInfo() {
  const { adminClient } = useRuntime();
  return useSuspenseQuery({ queryKey: serverInfoKey, queryFn: () => fetchServerInfo(adminClient), staleTime: Infinity })
    .data;
}
