// Plain-text tables and number formatting for the printed reports.

export type Align = "left" | "right";

export function table(headers: string[], rows: string[][], align: Align[] = []): string {
  const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? "").length)));
  const cell = (text: string, i: number) =>
    (align[i] ?? (i === 0 ? "left" : "right")) === "left" ? text.padEnd(widths[i] ?? 0) : text.padStart(widths[i] ?? 0);
  const line = (cells: string[]) => cells.map(cell).join("  ").trimEnd();
  return [line(headers), widths.map((w) => "-".repeat(w)).join("  "), ...rows.map(line)].join("\n");
}

export function fixed(value: number, digits = 0): string {
  return Number.isFinite(value)
    ? value.toLocaleString("en-US", { minimumFractionDigits: digits, maximumFractionDigits: digits })
    : "-";
}

export function percent(ratio: number): string {
  return Number.isFinite(ratio) ? `${(ratio * 100).toFixed(1)}%` : "-";
}

/** A banner that is hard to miss in a terminal. */
export function loud(lines: string[]): string {
  const width = Math.max(...lines.map((l) => l.length)) + 4;
  const bar = "!".repeat(width);
  return [bar, ...lines.map((l) => `! ${l.padEnd(width - 4)} !`), bar].join("\n");
}
