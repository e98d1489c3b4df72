// A file of its own, without the message schemas (shared/messages.ts re-exports it), so the web app's Today page can
// say the hours without bringing yup into its first screen's code.
/** Texts arrive only between these local hours of the client's zone (8:00 included, 21:00 not). */
export const QUIET_HOURS = { start: 8, end: 21 } as const;
