// A CSV export handed to the browser (decision 0059): the batches a core export yields, one per
// pull, so the next is read only when the connection has taken the last, and a browser that goes
// away stops the reading.
export function csvResponse(csv: AsyncGenerator<string, void, undefined>, fileName: string): Response {
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        const next = await csv.next();
        if (next.done) controller.close();
        else controller.enqueue(encoder.encode(next.value));
      },
      async cancel() {
        await csv.return(undefined);
      },
    },
    { highWaterMark: 0 },
  );
  return new Response(body, {
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="${fileName}"`,
      "cache-control": "no-store",
    },
  });
}
