import { fieldName } from "./field-names.ts";

/** The form field a server error about an attribute belongs to (the server names attributes, dots and all). */
export const userProfileErrorField = (attribute: string) => fieldName(attribute);
