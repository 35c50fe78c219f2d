// The console's two views of shoppers' replies, in a module of its own because the console page
// needs it in the browser too, and core/orders/replies.ts reaches the database client.
export const REPLY_FILTERS = ["needs_person", "all"] as const;
export type ReplyFilter = (typeof REPLY_FILTERS)[number];
