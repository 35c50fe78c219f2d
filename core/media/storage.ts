// Where uploaded media lives (decision 0063): a small interface with two
// implementations. Local files under DATA_DIR/media (served at /media/ by server/app.ts) by
// default, needing no account; an S3-compatible bucket when S3_BUCKET is set, so several app
// processes share one set of files. Keys are relative paths such as "products/12/ab12-800.webp".
import crypto from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { AwsClient } from "aws4fetch";

export interface MediaStorage {
  readonly kind: "local" | "s3";
  /** Stores the bytes under the key, replacing any file there. */
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  /** Deletes the files; a key that is already gone is not an error. */
  delete(keys: readonly string[]): Promise<void>;
  /** The address the storefront loads the file from. */
  url(key: string): string;
}

/** The S3_* settings (server/config.ts). */
export interface S3Settings {
  bucket: string;
  region: string;
  /** e.g. https://s3.eu-central-1.amazonaws.com, https://<account>.r2.cloudflarestorage.com, http://127.0.0.1:9000 */
  endpoint: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** where browsers load the files: a CDN or the bucket's public address, without a trailing slash */
  publicUrl: string;
}

/**
 * How long browsers and CDNs may keep an uploaded file: a year, unasked. Every upload is stored
 * under a new random name (product-photos.ts, site-images.ts), so a key never gets other bytes; a
 * replaced photo is a new address in the pages that show it.
 */
export const UPLOADED_MEDIA_CACHE = "public, max-age=31536000, immutable";

// our own keys only: lower-case letters, digits, "-", "_", "." and "/" between parts; never ".."
const KEY = /^[a-z0-9][a-z0-9_.-]{0,99}(?:\/[a-z0-9][a-z0-9_.-]{0,99}){0,5}$/;

export function checkKey(key: string): string {
  if (key.length > 300 || !KEY.test(key) || key.split("/").some((part) => part === ".." || part === "."))
    throw new Error(`not a media key: ${JSON.stringify(key.slice(0, 80))}`);
  return key;
}

/** Files under `root` (DATA_DIR/media), served by the app at `/media/`. */
export class LocalMediaStorage implements MediaStorage {
  readonly kind = "local";
  constructor(
    readonly root: string,
    private readonly prefix = "/media",
  ) {}

  async put(key: string, bytes: Uint8Array): Promise<void> {
    const file = path.join(this.root, checkKey(key));
    await fs.mkdir(path.dirname(file), { recursive: true });
    // written beside and renamed: a reader never sees half a file
    const tmp = `${file}.${process.pid}.${crypto.randomBytes(4).toString("hex")}.tmp`;
    await fs.writeFile(tmp, bytes);
    await fs.rename(tmp, file);
  }

  async delete(keys: readonly string[]): Promise<void> {
    await Promise.all(keys.map((key) => fs.rm(path.join(this.root, checkKey(key)), { force: true })));
  }

  url(key: string): string {
    return `${this.prefix}/${checkKey(key)}`;
  }
}

/**
 * An S3-compatible bucket (AWS S3, Cloudflare R2, MinIO, ...), addressed path-style
 * (`<endpoint>/<bucket>/<key>`), which every one of them accepts. Requests are signed with
 * Signature Version 4 by aws4fetch; the payload's SHA-256 is signed too, so the store refuses
 * bytes changed on the way.
 */
export class S3MediaStorage implements MediaStorage {
  readonly kind = "s3";
  private readonly client: AwsClient;
  private readonly base: string;

  constructor(private readonly settings: S3Settings) {
    this.client = new AwsClient({
      accessKeyId: settings.accessKeyId,
      secretAccessKey: settings.secretAccessKey,
      region: settings.region,
      service: "s3",
      retries: 2,
    });
    this.base = `${settings.endpoint.replace(/\/+$/, "")}/${encodeURIComponent(settings.bucket)}`;
  }

  private objectUrl(key: string): string {
    return `${this.base}/${checkKey(key)}`;
  }

  async put(key: string, bytes: Uint8Array, contentType: string): Promise<void> {
    const sha256 = crypto.createHash("sha256").update(bytes).digest("hex");
    const response = await this.client.fetch(this.objectUrl(key), {
      method: "PUT",
      body: new Uint8Array(bytes),
      headers: {
        "content-type": contentType,
        "cache-control": UPLOADED_MEDIA_CACHE,
        "x-amz-content-sha256": sha256,
      },
    });
    if (!response.ok) {
      const text = (await response.text()).slice(0, 300);
      throw new Error(`S3 PUT ${key} answered ${response.status}: ${text}`);
    }
  }

  async delete(keys: readonly string[]): Promise<void> {
    for (const key of keys) {
      const response = await this.client.fetch(this.objectUrl(key), { method: "DELETE" });
      // S3 answers 204 for a missing key too; 404 from look-alikes means the same
      if (!response.ok && response.status !== 404) {
        const text = (await response.text()).slice(0, 300);
        throw new Error(`S3 DELETE ${key} answered ${response.status}: ${text}`);
      }
      await response.body?.cancel();
    }
  }

  url(key: string): string {
    return `${this.settings.publicUrl}/${checkKey(key)}`;
  }
}

export interface MediaConfig {
  dataDir: string;
  s3: S3Settings | undefined;
}

// one storage per configuration: the API and the pages share it
const made = new WeakMap<MediaConfig, MediaStorage>();

/** The storage the configuration chooses: the bucket when S3_BUCKET is set, local files otherwise. */
export function mediaStorage(config: MediaConfig): MediaStorage {
  let storage = made.get(config);
  if (!storage) {
    storage = config.s3 ? new S3MediaStorage(config.s3) : new LocalMediaStorage(path.join(config.dataDir, "media"));
    made.set(config, storage);
  }
  return storage;
}
