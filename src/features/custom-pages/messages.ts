import { registerMessages } from "../../core/i18n/message-bundles.ts";

/** Texts of the custom pages (Keycloak's declarative UI pages). */
export const customPagesMessages = {
  noItems: "There are no items",
  noItemsInstructions: "You have not created any items in this realm. Create an item to get started.",
  createItem: "Create item",
  itemDeleteConfirmTitle: "Delete item?",
  itemDeleteConfirm: "Are you sure you want to permanently delete the item?",
  itemDeletedSuccess: "The item has been deleted",
  itemDeleteError: "Could not delete item: {{error}}",
  customPageUnknown: "This server reports no page provider {{providerId}}.",
};

registerMessages("custom-pages", customPagesMessages);
