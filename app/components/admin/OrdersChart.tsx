// Orders per day for the console's home, drawn on the server as an SVG in the
// page: no charting script to download on a phone, nothing to run before it shows. Each bar is a
// Pakistan day's orders; its cancelled part is drawn lighter. The same figures are in a table
// under it for screen readers and for anyone who wants the numbers.

const WIDTH = 600;
const HEIGHT = 180;
const GAP = 2;

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** "2026-11-23" → "23 Nov" */
export function shortDay(day: string): string {
  return `${Number(day.slice(8, 10))} ${MONTHS[Number(day.slice(5, 7)) - 1] ?? ""}`;
}

/** A round top for the scale (1, 2, 5, 10, 20, 50 …) at or above the busiest day. */
export function scaleTop(most: number): number {
  if (most <= 1) return 1;
  const magnitude = 10 ** Math.floor(Math.log10(most));
  for (const step of [1, 2, 5, 10]) if (step * magnitude >= most) return step * magnitude;
  return 10 * magnitude;
}

export function OrdersChart({ days }: { days: { day: string; placed: number; cancelled: number }[] }) {
  const busiest = Math.max(0, ...days.map((d) => d.placed));
  const top = scaleTop(busiest);
  const slot = WIDTH / Math.max(1, days.length);
  const total = days.reduce((n, d) => n + d.placed, 0);
  const first = days[0]?.day;
  const last = days.at(-1)?.day;
  const middle = days[Math.floor(days.length / 2)]?.day;
  return (
    <figure className="bg-white p-4 ring-1 ring-stone-200">
      <figcaption className="text-sm font-semibold">Orders per day, last {days.length} days</figcaption>
      <div className="mt-3 flex gap-2">
        <div className="flex flex-col justify-between text-end text-xs text-stone-600 tabular-nums" aria-hidden>
          <span>{top}</span>
          <span>{top / 2}</span>
          <span>0</span>
        </div>
        <svg
          viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
          preserveAspectRatio="none"
          className="h-44 w-full"
          role="img"
          aria-label={`${total} orders in the last ${days.length} days; the busiest day had ${busiest}.`}
        >
          <line x1="0" y1={HEIGHT / 2} x2={WIDTH} y2={HEIGHT / 2} className="stroke-stone-200" strokeWidth="1" />
          <line x1="0" y1={HEIGHT - 0.5} x2={WIDTH} y2={HEIGHT - 0.5} className="stroke-stone-300" strokeWidth="1" />
          {days.map((d, i) => {
            const height = (d.placed / top) * HEIGHT;
            const cancelled = (d.cancelled / top) * HEIGHT;
            const x = i * slot + GAP / 2;
            return (
              <g key={d.day}>
                <title>{`${shortDay(d.day)}: ${d.placed} placed, ${d.cancelled} cancelled`}</title>
                <rect x={x} y={HEIGHT - height} width={slot - GAP} height={height} className="fill-stone-800" />
                {cancelled > 0 && (
                  <rect
                    x={x}
                    y={HEIGHT - height}
                    width={slot - GAP}
                    height={cancelled}
                    className="fill-rose-300"
                    data-part="cancelled"
                  />
                )}
              </g>
            );
          })}
        </svg>
      </div>
      {first && last && (
        <div className="mt-1 ms-8 flex justify-between text-xs text-stone-600" aria-hidden>
          <span>{shortDay(first)}</span>
          {middle && <span>{shortDay(middle)}</span>}
          <span>{shortDay(last)}</span>
        </div>
      )}
      <p className="mt-2 flex gap-4 text-xs text-stone-700">
        <span className="flex items-center gap-1">
          <span className="inline-block size-3 bg-stone-800" aria-hidden /> Placed
        </span>
        <span className="flex items-center gap-1">
          <span className="inline-block size-3 bg-rose-300" aria-hidden /> of which cancelled
        </span>
      </p>
      <details className="mt-2 text-sm">
        <summary className="cursor-pointer py-2 text-stone-700">The figures as a table</summary>
        <table className="mt-1 w-full text-start tabular-nums">
          <thead>
            <tr className="text-xs text-stone-600">
              <th className="py-1 font-semibold">Day</th>
              <th className="py-1 font-semibold">Placed</th>
              <th className="py-1 font-semibold">Cancelled</th>
            </tr>
          </thead>
          <tbody>
            {days.map((d) => (
              <tr key={d.day} className="border-t border-stone-100">
                <td className="py-1">{shortDay(d.day)}</td>
                <td className="py-1">{d.placed}</td>
                <td className="py-1">{d.cancelled}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
