import { useTranslation } from "react-i18next";
import { useOptionalCurrentRealm } from "../runtime/current-realm.tsx";
import { BUNDLED_NAMESPACE } from "./realm-overrides-backend.ts";
import "./core-messages.ts";

/** Texts for the current realm: its overrides first, then our bundled English. */
export function useMessages() {
  const realm = useOptionalCurrentRealm();
  return useTranslation(realm ? [realm, BUNDLED_NAMESPACE] : BUNDLED_NAMESPACE);
}

export const useCoreMessages = useMessages;
