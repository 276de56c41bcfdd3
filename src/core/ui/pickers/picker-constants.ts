/** Options a typeahead picker asks the server for per search. */
export const PICKER_RESULT_SIZE = 20;
/** Rows per level (and per search page) in the group picker. */
export const GROUP_PICKER_PAGE_SIZE = 10;
