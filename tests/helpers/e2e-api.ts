// JSON calls to a running store's /api from a browser test, with an optional bearer token.

export type ApiCall = <T = unknown>(
  path: string,
  init?: { method?: string; token?: string; body?: unknown },
) => Promise<{ status: number; body: T }>;

/** The API of the store at base() (read at each call: the store starts after the module loads). */
export function apiClient(base: () => string): ApiCall {
  return async (path, init = {}) => {
    const res = await fetch(`${base()}/api${path}`, {
      method: init.method ?? "GET",
      headers: {
        ...(init.body === undefined ? {} : { "content-type": "application/json" }),
        ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
      },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : null };
  };
}
