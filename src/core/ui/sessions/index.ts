export { SessionsTable, type SessionsTableProps } from "./sessions-table.tsx";
export { endSession, sessionKey, type SessionLoader, type SessionRow, type SessionType } from "./session-row.ts";
export { ClientSessionsTable } from "./client-sessions-table.tsx";
