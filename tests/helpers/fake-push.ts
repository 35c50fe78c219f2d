// A local push service for the tests (decision 0094), as the Web Push protocol (RFC 8030)
// describes one: it takes POST <endpoint> with a VAPID Authorization header (RFC 8292) and an
// aes128gcm body (RFC 8188, keyed as RFC 8291 says). It checks the VAPID token's ES256 signature
// against the key in the header, and the claims; then it decrypts the body with the browser's
// private key and auth secret, which it made for each subscription, so a test reads what the
// notification would show. The decryption here is written from the RFCs, not taken from the
// library the store sends with, so a wrong encryption cannot pass by agreeing with itself.
import { execFileSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import type http from "node:http";
import https from "node:https";
import type net from "node:net";
import os from "node:os";
import path from "node:path";

export interface FakeSubscription {
  endpoint: string;
  expirationTime: null;
  keys: { p256dh: string; auth: string };
}

export interface ReceivedPush {
  /** the subscription's id in the fake */
  id: string;
  headers: http.IncomingHttpHeaders;
  /** the VAPID token's claims */
  claims: { aud: string; exp: number; sub: string };
  /** the VAPID public key the store signed with (k=) */
  vapidKey: string;
  /** the decrypted body, parsed */
  payload: unknown;
}

/** How the fake answers a subscription's next pushes: a status, or never (a service that hangs). */
export type PushAnswer = number | "hang";

export interface FakePush {
  /** https://127.0.0.1:<port>: push services speak only HTTPS, so the fake has its own certificate */
  origin: string;
  /** an agent that trusts the fake's certificate, for the sender */
  agent: https.Agent;
  /** the certificate (PEM), for a store process's NODE_EXTRA_CA_CERTS */
  cert: string;
  /** a browser's subscription with fresh keys, as PushSubscription.toJSON() gives it */
  subscribe(): FakeSubscription;
  /** every push accepted (201), in order */
  received: ReceivedPush[];
  /** every request, whatever the answer, and why one was refused */
  attempts: { id: string; status: number | "hung"; problem?: string }[];
  /** answers for a subscription's next pushes, in order; when none are left it answers 201 */
  answerNext(subscription: FakeSubscription, ...answers: PushAnswer[]): void;
  /** a subscription the fake forgets: it answers 410 Gone from now on */
  expire(subscription: FakeSubscription): void;
  close(): Promise<void>;
}

const b64u = (buffer: Buffer) => buffer.toString("base64url");

function hkdf(salt: Buffer, ikm: Buffer, info: Buffer, length: number): Buffer {
  return Buffer.from(crypto.hkdfSync("sha256", ikm, salt, info, length));
}

/** RFC 8291 §3.4 and RFC 8188 §2: one record, padded with 0x02 then zeros. */
function decrypt(body: Buffer, receiver: crypto.ECDH, authSecret: Buffer): Buffer {
  const salt = body.subarray(0, 16);
  const idlen = body.readUInt8(20);
  const senderKey = body.subarray(21, 21 + idlen);
  const ciphertext = body.subarray(21 + idlen);
  if (idlen !== 65) throw new Error(`keyid is ${idlen} bytes, not an uncompressed P-256 key`);
  const shared = receiver.computeSecret(senderKey);
  const keyInfo = Buffer.concat([Buffer.from("WebPush: info\0"), receiver.getPublicKey(), senderKey]);
  const ikm = hkdf(authSecret, shared, keyInfo, 32);
  const cek = hkdf(salt, ikm, Buffer.from("Content-Encoding: aes128gcm\0"), 16);
  const nonce = hkdf(salt, ikm, Buffer.from("Content-Encoding: nonce\0"), 12);
  const decipher = crypto.createDecipheriv("aes-128-gcm", cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const plain = Buffer.concat([decipher.update(ciphertext.subarray(0, ciphertext.length - 16)), decipher.final()]);
  let end = plain.length - 1;
  while (end >= 0 && plain[end] === 0) end--;
  if (plain[end] !== 2) throw new Error("the last record does not end with the 0x02 delimiter");
  return plain.subarray(0, end);
}

/** RFC 8292: `vapid t=<JWT>, k=<public key>`, the JWT signed with ES256 by that key. */
function checkVapid(header: string | undefined, origin: string): { claims: ReceivedPush["claims"]; key: string } {
  const match = /^vapid t=([A-Za-z0-9_.-]+), ?k=([A-Za-z0-9_-]+)$/.exec(header ?? "");
  if (!match) throw new Error(`Authorization is not "vapid t=…, k=…": ${header ?? "(none)"}`);
  const [, token, key] = match as unknown as [string, string, string];
  const [head, body, signature] = token.split(".") as [string, string, string];
  const raw = Buffer.from(key, "base64url");
  if (raw.length !== 65 || raw[0] !== 4) throw new Error("k= is not an uncompressed P-256 public key");
  const publicKey = crypto.createPublicKey({
    key: { kty: "EC", crv: "P-256", x: b64u(raw.subarray(1, 33)), y: b64u(raw.subarray(33)) },
    format: "jwk",
  });
  const good = crypto.verify(
    "sha256",
    Buffer.from(`${head}.${body}`),
    { key: publicKey, dsaEncoding: "ieee-p1363" },
    Buffer.from(signature, "base64url"),
  );
  if (!good) throw new Error("the VAPID signature does not verify with k=");
  const alg = (JSON.parse(Buffer.from(head, "base64url").toString()) as { alg?: string }).alg;
  if (alg !== "ES256") throw new Error(`the VAPID token's alg is ${alg}`);
  const claims = JSON.parse(Buffer.from(body, "base64url").toString()) as ReceivedPush["claims"];
  const now = Math.floor(Date.now() / 1000);
  if (claims.aud !== origin) throw new Error(`aud is ${claims.aud}, not ${origin}`);
  if (!(claims.exp > now && claims.exp <= now + 24 * 60 * 60)) throw new Error("exp is not within the next 24 hours");
  if (!/^(mailto:|https:)/.test(claims.sub ?? "")) throw new Error(`sub is ${claims.sub}`);
  return { claims, key };
}

/** A throwaway certificate for 127.0.0.1, made by the system's openssl. */
function certificate(): { key: string; cert: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "fake-push-"));
  try {
    execFileSync(
      "openssl",
      ["req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes", "-days", "1"]
        .concat(["-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1"])
        .concat(["-keyout", path.join(dir, "key.pem"), "-out", path.join(dir, "cert.pem")]),
      { stdio: "ignore" },
    );
    return {
      key: fs.readFileSync(path.join(dir, "key.pem"), "utf8"),
      cert: fs.readFileSync(path.join(dir, "cert.pem"), "utf8"),
    };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

export async function startFakePush(): Promise<FakePush> {
  const browsers = new Map<string, { ecdh: crypto.ECDH; auth: Buffer; gone: boolean; answers: PushAnswer[] }>();
  const received: ReceivedPush[] = [];
  const attempts: FakePush["attempts"] = [];
  const sockets = new Set<{ destroy(): void }>();
  let origin = "";
  const tls = certificate();
  const server = https.createServer({ key: tls.key, cert: tls.cert }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const id = (req.url ?? "").replace(/^\/push\//, "");
      const browser = browsers.get(id);
      const refuse = (status: number, problem: string) => {
        attempts.push({ id, status, problem });
        res.writeHead(status, { "content-type": "text/plain" }).end(problem);
      };
      if (req.method !== "POST" || !browser) return refuse(404, "no such subscription");
      if (browser.gone) return refuse(410, "subscription expired");
      const next = browser.answers.shift();
      if (next === "hang") {
        attempts.push({ id, status: "hung" });
        return; // never answered: the sender's time limit must end the wait
      }
      if (next !== undefined && next !== 201) return refuse(next, `told to answer ${next}`);
      try {
        if (req.headers["content-encoding"] !== "aes128gcm") throw new Error("Content-Encoding is not aes128gcm");
        if (!/^\d+$/.test(String(req.headers.ttl ?? ""))) throw new Error("no TTL header");
        const { claims, key } = checkVapid(req.headers.authorization, origin);
        const payload = JSON.parse(decrypt(Buffer.concat(chunks), browser.ecdh, browser.auth).toString("utf8"));
        received.push({ id, headers: req.headers, claims, vapidKey: key, payload });
        attempts.push({ id, status: 201 });
        res.writeHead(201, { location: `${origin}/message/${received.length}` }).end();
      } catch (error) {
        // RFC 8292 §4: a push service refuses a bad or missing VAPID token with 401 or 403
        refuse(403, (error as Error).message);
      }
    });
  });
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `https://127.0.0.1:${(server.address() as net.AddressInfo).port}`;
  const idOf = (subscription: FakeSubscription) => subscription.endpoint.slice(`${origin}/push/`.length);
  return {
    origin,
    agent: new https.Agent({ ca: tls.cert }),
    cert: tls.cert,
    received,
    attempts,
    subscribe() {
      const ecdh = crypto.createECDH("prime256v1");
      ecdh.generateKeys();
      const auth = crypto.randomBytes(16);
      const id = crypto.randomBytes(12).toString("hex");
      browsers.set(id, { ecdh, auth, gone: false, answers: [] });
      return {
        endpoint: `${origin}/push/${id}`,
        expirationTime: null,
        keys: { p256dh: b64u(ecdh.getPublicKey()), auth: b64u(auth) },
      };
    },
    answerNext(subscription, ...answers) {
      browsers.get(idOf(subscription))!.answers.push(...answers);
    },
    expire(subscription) {
      browsers.get(idOf(subscription))!.gone = true;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
