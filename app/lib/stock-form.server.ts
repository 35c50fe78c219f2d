// The console's stock forms (decision 0064), shared by /admin/stock and a
// product's stock page. Each row posts its key, the stock the page showed ("was-KEY") and the
// field ("stock-KEY"); Save sends a total over what was shown for every changed row, so a sale in
// between is a 409 naming the rows that moved, never lost. The + and − buttons send differences.
import { data } from "react-router";
import { changeStock, MAX_STOCK } from "../../core/catalog/stock";
import type { CoreContext } from "../../core/context";
import { AppError } from "../../core/shared/errors";
import type { StaffActor } from "../../core/shared/permissions";
import { formText } from "./console";

export interface StockAnswer {
  error?: string;
  done?: string;
  /** rows that moved since the page was shown: key -> the stock now */
  moved?: Record<string, number>;
  /** rows whose field was not a stock: key -> message */
  invalid?: Record<string, string>;
}

/** "12-34": product 12, combination 34; "12-0": product 12 sold without options. */
export const rowKey = (productId: number, combinationId: number | null) => `${productId}-${combinationId ?? 0}`;

function parseKey(key: string): { product_id: number; combination_id: number | null } | null {
  if (key.length > 24 || !/^\d{1,10}-\d{1,10}$/.test(key)) return null;
  const [p, c] = key.split("-").map(Number) as [number, number];
  if (p < 1 || p > 2_147_483_647 || c > 2_147_483_647) return null;
  return { product_id: p, combination_id: c === 0 ? null : c };
}

const wholeStock = (text: string) =>
  text.length <= 10 && /^\d+$/.test(text.trim()) && Number(text) <= MAX_STOCK ? Number(text) : null;

const MAX_ROWS = 500;

export async function stockFormAction(request: Request, core: CoreContext, actor: StaffActor) {
  const form = await request.formData();
  const run = async (raw: unknown, done: string) => {
    try {
      const results = await changeStock(core, actor, raw);
      const changed = results.filter((r) => r.after !== r.before).length;
      const text =
        changed === 0 ? "Nothing changed." : done.replace("{n}", `${changed} ${changed === 1 ? "stock" : "stocks"}`);
      return { done: text } satisfies StockAnswer;
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      if (error.status === 403) throw data({ detail: error.message }, { status: 403 });
      const moved: Record<string, number> = {};
      const list = (error.extra?.moved ?? []) as {
        product_id: number;
        combination_id: number | null;
        stock_quantity: number;
      }[];
      for (const m of list) moved[rowKey(m.product_id, m.combination_id)] = m.stock_quantity;
      return data<StockAnswer>({ error: error.message, moved }, { status: error.status });
    }
  };

  // a quick + or − : "12-34:+1"
  const step = formText(form, "step");
  if (step) {
    const [key = "", by = ""] = step.split(":");
    const target = parseKey(key);
    if (!target || !/^[+-]\d{1,3}$/.test(by))
      return data<StockAnswer>({ error: "Choose a row's + or − button." }, { status: 400 });
    return run({ changes: [{ ...target, delta: Number(by) }] }, "Stock changed.");
  }

  const keys = [...new Set(form.getAll("row").filter((v): v is string => typeof v === "string"))];
  if (keys.length > MAX_ROWS) return data<StockAnswer>({ error: `At most ${MAX_ROWS} rows at once.` }, { status: 422 });
  const changes: object[] = [];
  const invalid: Record<string, string> = {};
  for (const key of keys) {
    const target = parseKey(key);
    if (!target) return data<StockAnswer>({ error: "The form is not one this page made." }, { status: 400 });
    const was = wholeStock(formText(form, `was-${key}`));
    const typed = formText(form, `stock-${key}`).trim();
    if (was === null) return data<StockAnswer>({ error: "The form is not one this page made." }, { status: 400 });
    const now = wholeStock(typed);
    if (now === null) {
      invalid[key] = `Stock must be a whole number from 0 to ${MAX_STOCK.toLocaleString("en-US")}.`;
      continue;
    }
    if (now !== was) changes.push({ ...target, set: now, expected: was });
  }
  if (Object.keys(invalid).length > 0)
    return data<StockAnswer>(
      { error: "Some stocks are not whole numbers: nothing was saved.", invalid },
      { status: 422 },
    );
  if (changes.length === 0) return { done: "Nothing changed." } satisfies StockAnswer;
  const note = formText(form, "note");
  return run({ changes, note: note.trim() === "" ? undefined : note }, "{n} saved.");
}
