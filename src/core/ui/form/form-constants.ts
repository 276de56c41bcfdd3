/** Spec §5/§9: a select with this many options or more becomes a typeahead select. */
export const TYPEAHEAD_THRESHOLD = 10;

/**
 * Spec §5: a local part, then either a dotted domain whose last label has at least two letters,
 * or an IPv4 address in brackets.
 */
export const EMAIL_PATTERN =
  /^[^\s@]+@(?:(?:[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?\.)+[A-Za-z]{2,}|\[(?:(?:25[0-5]|2[0-4]\d|1?\d?\d)\.){3}(?:25[0-5]|2[0-4]\d|1?\d?\d)\])$/;

/** Joins a multi-valued field into one string when a control is asked to `stringify`. */
export const MULTI_VALUE_SEPARATOR = "##";
