import { createContext, useContext } from "react";

/** The language an element's tree shows (its `locale`, the admin's choice, who-am-I's locale, or English). */
export const CurrentLanguageContext = createContext<string | null>(null);

export const useOptionalCurrentLanguage = () => useContext(CurrentLanguageContext);
