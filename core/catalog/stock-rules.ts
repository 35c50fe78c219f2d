// The stock screens' numbers and filters, browser-safe (no database imports): the console's stock
// grid renders them, core/catalog/stock.ts enforces them.

/** The largest stock one combination or product may hold: far above any shop's shelf. */
export const MAX_STOCK = 1_000_000;
/** At or under this, a stock is low (the grid's "Low" filter; out of stock is 0). */
export const LOW_STOCK = 5;
export const STOCK_SEARCH_MAX = 100;
export const STOCK_FILTERS = ["all", "low", "out"] as const;
export type StockFilter = (typeof STOCK_FILTERS)[number];
