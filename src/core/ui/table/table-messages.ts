import { registerMessages } from "../../i18n/message-bundles.ts";

/** Texts of the data table and its states. */
export const tableMessages = {
  search: "Search",
  tableLoading: "Loading rows",
  tableRowActions: "Actions",
  tableSelectAll: "Select all rows on this page",
  tableExpandRow: "Show details of row {{index}}",
  tableDetailLoading: "Loading details",
  tableEmptyTitle: "Nothing here yet",
  noSearchResults: "No search results",
  noSearchResultsInstructions: "Click on the search bar above to search again",
  clearAllFilters: "Clear all filters",
  tableErrorTitle: "The list could not be loaded",
  more: "{{count}} more",
  showLess: "Show less",
  pagination: "Pagination",
  tablePerPage: "per page",
};

registerMessages("ui-table", tableMessages);
