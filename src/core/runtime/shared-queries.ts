import { queryOptions, useQuery, useSuspenseQuery } from "@tanstack/react-query";
import { fetchServerInfo, serverInfoKey } from "../api/server-info.ts";
import { fetchRealm, realmKey } from "../api/realm.ts";
import { fetchWhoAmI, whoAmIKey } from "../api/who-am-i.ts";
import { useRuntime } from "./runtime-context.tsx";
import type { Runtime } from "./runtime.ts";

export const serverInfoQuery = ({ adminClient }: Runtime) =>
  queryOptions({ queryKey: serverInfoKey, queryFn: () => fetchServerInfo(adminClient), staleTime: Infinity });

export const whoAmIQuery = ({ adminClient, authRealm, auth }: Runtime, currentRealm: string) =>
  queryOptions({
    queryKey: whoAmIKey(authRealm, currentRealm),
    queryFn: () => fetchWhoAmI(adminClient, authRealm, currentRealm, () => auth.getAccessToken()),
  });

export const realmQuery = ({ adminClient }: Runtime, realm: string) =>
  queryOptions({ queryKey: realmKey(realm), queryFn: () => fetchRealm(adminClient, realm) });

export function useServerInfoQuery() {
  return useQuery(serverInfoQuery(useRuntime()));
}

export function useWhoAmIQuery(currentRealm: string) {
  return useQuery(whoAmIQuery(useRuntime(), currentRealm));
}

export function useRealmQuery(realm: string) {
  return useQuery(realmQuery(useRuntime(), realm));
}

/** Server info for a screen that cannot render without it: suspends until it is there. */
export function useServerInfo() {
  return useSuspenseQuery(serverInfoQuery(useRuntime())).data;
}
