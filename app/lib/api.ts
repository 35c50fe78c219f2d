// The one fetch helper for browser code: JSON in and out of /api, errors as ApiError with the
// server's detail text (design.md: every error answer is {"detail": "…"}).
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly detail: string | null,
    /** the whole error answer: some carry figures beside detail (a 409 on changed prices) */
    readonly body: Record<string, unknown> | null = null,
  ) {
    super(detail ?? `Request failed with ${status}`);
  }
}

export function authToken(): string | null {
  try {
    return localStorage.getItem("userToken");
  } catch {
    return null;
  }
}

export async function api<T = unknown>(
  path: string,
  options: { method?: string; body?: unknown; auth?: boolean; headers?: Record<string, string>; signal?: AbortSignal } = {},
): Promise<T> {
  const headers: Record<string, string> = { accept: "application/json", ...options.headers };
  if (options.body !== undefined) headers["content-type"] = "application/json";
  if (options.auth) {
    const token = authToken();
    if (token) headers.authorization = `Bearer ${token}`;
  }
  const response = await fetch(`/api${path}`, {
    method: options.method ?? "GET",
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    signal: options.signal,
  });
  const text = await response.text();
  let json: unknown = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    json = null;
  }
  if (!response.ok) {
    const detail =
      json && typeof json === "object" && "detail" in json && typeof json.detail === "string" ? json.detail : null;
    throw new ApiError(response.status, detail, json && typeof json === "object" ? (json as Record<string, unknown>) : null);
  }
  return json as T;
}

/** The server's detail when there is one, else the fallback text of spec §8. */
export function errorText(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.detail ? error.detail : fallback;
}
