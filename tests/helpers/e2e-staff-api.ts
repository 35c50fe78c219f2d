// The staff API of a browser test's store, called as a member with a bearer token (signed in on
// the first call): for the steps a test takes outside the browser (placing, booking, polling).
import { expect } from "vitest";

export function staffApiOf(baseUrl: () => string, member: { email: string; password: string }) {
  let token = "";
  return async function staff(method: string, url: string, body?: unknown): Promise<Record<string, unknown>> {
    if (!token) {
      const res = await fetch(`${baseUrl()}/api/admin/session`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(member),
      });
      expect(res.status).toBe(201);
      token = ((await res.json()) as { access_token: string }).access_token;
    }
    const res = await fetch(`${baseUrl()}${url}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body ? { "content-type": "application/json" } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    const answer = (await res.json()) as Record<string, unknown>;
    expect(res.status, JSON.stringify(answer)).toBeLessThan(300);
    return answer;
  };
}
