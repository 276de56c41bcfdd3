import { registerMessages } from "../../i18n/message-bundles.ts";

/** Texts of the data table and its states. */
export const tableMessages = {
  tableSearch: "Search",
  tableSearchPlaceholder: "Search…",
  tableLoading: "Loading rows",
  tableRowActions: "Actions",
  tableSelectAll: "Select all rows on this page",
  tableExpandRow: "Show details of row {{index}}",
  tableDetailLoading: "Loading details",
  tableEmptyTitle: "Nothing here yet",
  noSearchResults: "No search results",
  noSearchResultsInstructions: "Try another search term, or clear the filters to see every entry.",
  clearAllFilters: "Clear all filters",
  tableErrorTitle: "The list could not be loaded",
  tableRetry: "Try again",
  chipsMore: "+{{remaining}} more",
  chipsLess: "Show less",
  tablePagination: "Pagination",
  tablePerPage: "per page",
};

registerMessages("ui-table", tableMessages);
