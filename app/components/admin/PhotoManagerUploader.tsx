// The photos page's "Add photos" panel: several photos at once from the phone's camera or gallery,
// or dropped on it on a computer, each sent alone with its progress (XMLHttpRequest) and refused
// alone (too large, an iPhone's HEIC) before megabytes go for nothing. Without JavaScript the
// plain form sends all the chosen files at once to the same address.
import { useRef, useState } from "react";
import { useRevalidator } from "react-router";
import { HEIC_REFUSED, megabytes, PHOTO_TYPES_TEXT } from "../../../core/media/photo-rules";
import { useHydrated } from "../../lib/use-hydrated";
import { Panel } from "./Fields";

interface Progress {
  key: string;
  name: string;
  percent: number;
  state: "waiting" | "sending" | "done" | "failed";
  message?: string;
}

/** Sends one file (XMLHttpRequest: fetch cannot report upload progress). */
function sendPhoto(url: string, file: File, onProgress: (percent: number) => void): Promise<string | null> {
  return new Promise((resolve) => {
    const body = new FormData();
    body.append("photos", file, file.name);
    const xhr = new XMLHttpRequest();
    xhr.open("POST", url);
    xhr.setRequestHeader("accept", "application/json");
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) return resolve(null);
      let detail = `The upload failed (${xhr.status}).`;
      try {
        detail = (JSON.parse(xhr.responseText) as { detail?: string }).detail ?? detail;
      } catch {
        // not JSON: a proxy's own page
      }
      resolve(detail);
    };
    xhr.onerror = () => resolve("The connection broke off. Please try again.");
    xhr.send(body);
  });
}

export function PhotoManagerUploader({
  productId,
  limits,
}: {
  productId: number;
  limits: { fileBytes: number; files: number };
}) {
  const hydrated = useHydrated();
  const [items, setItems] = useState<Progress[]>([]);
  const [over, setOver] = useState(false);
  const busy = items.some((i) => i.state === "waiting" || i.state === "sending");
  const revalidator = useRevalidator();
  const input = useRef<HTMLInputElement>(null);
  const action = `/admin/products/${productId}/photos/upload`;

  async function start(list: FileList | File[]) {
    const files = [...list];
    if (files.length === 0 || busy) return;
    const stamp = Date.now();
    const queued: Progress[] = files.map((f, i) => ({
      key: `${stamp}-${i}`,
      name: f.name || `Photo ${i + 1}`,
      percent: 0,
      state: "waiting",
    }));
    setItems(queued);
    const update = (key: string, change: Partial<Progress>) =>
      setItems((now) => now.map((item) => (item.key === key ? { ...item, ...change } : item)));
    // one at a time: on a phone's connection each gets the whole line, and each fails alone
    for (const [i, file] of files.entries()) {
      const key = queued[i]!.key;
      if (file.size > limits.fileBytes) {
        update(key, { state: "failed", message: `Larger than ${megabytes(limits.fileBytes)}. Send a smaller photo.` });
        continue;
      }
      if (/\.hei[cf]$/i.test(file.name) || /image\/hei[cf]/i.test(file.type)) {
        // the server reads the bytes and says the same; this saves sending megabytes for nothing
        update(key, { state: "failed", message: `This ${HEIC_REFUSED}` });
        continue;
      }
      update(key, { state: "sending" });
      const problem = await sendPhoto(action, file, (percent) => update(key, { percent }));
      update(key, problem ? { state: "failed", message: problem } : { state: "done", percent: 100 });
      await revalidator.revalidate();
    }
    if (input.current) input.current.value = "";
  }

  return (
    <Panel title="Add photos">
      <form
        method="post"
        action={action}
        encType="multipart/form-data"
        onSubmit={(event) => {
          event.preventDefault();
          if (input.current?.files) void start(input.current.files);
        }}
        onDragOver={(event) => {
          if (!event.dataTransfer.types.includes("Files")) return;
          event.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={(event) => {
          if (event.dataTransfer.files.length === 0) return;
          event.preventDefault();
          setOver(false);
          void start(event.dataTransfer.files);
        }}
        className={`space-y-3 border-2 border-dashed p-4 text-sm ${over ? "border-ink bg-stone-50" : "border-stone-300"}`}
      >
        <label className="block">
          <span className="block font-semibold">Choose photos</span>
          <span className="block text-stone-600">
            {PHOTO_TYPES_TEXT}, up to {megabytes(limits.fileBytes)} each, {limits.files} at a time.
            <span className="hidden md:inline"> Or drop them here.</span>
          </span>
          <input
            ref={input}
            type="file"
            name="photos"
            multiple
            // image/* lets a phone offer its camera as well as its gallery
            accept="image/*"
            onChange={(event) => {
              if (hydrated && event.currentTarget.files) void start(event.currentTarget.files);
            }}
            className="mt-2 block w-full text-sm file:me-3 file:min-h-11 file:border-0 file:bg-ink file:px-4 file:text-white"
          />
        </label>
        {/* with JavaScript, choosing the photos starts their upload */}
        {!hydrated && (
          <button type="submit" className="btn-primary">
            Upload
          </button>
        )}
        {items.length > 0 && (
          <ul className="space-y-2" aria-label="Uploads">
            {items.map((item) => (
              <li key={item.key} className="space-y-1">
                <p className="flex justify-between gap-2">
                  <span className="truncate">{item.name}</span>
                  <span className="shrink-0 tabular-nums text-stone-600">
                    {item.state === "done"
                      ? "Added"
                      : item.state === "failed"
                        ? "Not added"
                        : item.state === "waiting"
                          ? "Waiting"
                          : `${item.percent}%`}
                  </span>
                </p>
                <progress
                  max={100}
                  value={item.percent}
                  aria-label={`Upload of ${item.name}`}
                  className="h-2 w-full accent-ink"
                />
                {item.message && (
                  <p role="alert" className="text-red-800">
                    {item.message}
                  </p>
                )}
              </li>
            ))}
          </ul>
        )}
      </form>
    </Panel>
  );
}
