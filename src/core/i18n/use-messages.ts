import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { useOptionalCurrentRealm } from "../runtime/current-realm.tsx";
import { realmTranslator } from "./create-i18n.ts";
import { useOptionalCurrentLanguage } from "./current-language.tsx";
import { FALLBACK_LANGUAGE } from "./realm-overrides-backend.ts";
import "./core-messages.ts";

/** Texts for the current realm and language: the server's bundle first, then our bundled English. */
export function useMessages() {
  const realm = useOptionalCurrentRealm();
  const language = useOptionalCurrentLanguage() ?? FALLBACK_LANGUAGE;
  // Subscribes to bundle loads and language changes; the texts themselves come from the fixed translator.
  const { i18n, ready, t: tracked } = useTranslation();
  const t = useMemo(
    () => realmTranslator(i18n, realm, language),
    // `tracked` changes whenever a bundle arrives, so the translator is renewed and the tree re-renders.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [i18n, realm, language, tracked],
  );
  return { t, i18n, ready };
}

export const useCoreMessages = useMessages;
