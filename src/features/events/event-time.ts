/** An event's time as the administrator's locale writes it. */
export const formatEventTime = (time?: number) => (time ? new Date(time).toLocaleString() : "");
