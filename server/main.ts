// Starts the store: opens and migrates the database, fills an empty one with the demo store,
// serves HTTP, and on SIGINT/SIGTERM lets in-flight requests finish before closing the database.
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "react-router";
import { startAccountRequestWorker } from "../core/accounts/account-request-worker";
import { cloudApiTransport } from "../core/messaging/cloud-api";
import { emailQueue, logOnlyEmailTransport, smtpTransport } from "../core/messaging/email-transport";
import { startOutboxWorker, startQueueWorker } from "../core/messaging/outbox";
import { startConfirmationScheduler } from "../core/orders/confirmation-scheduler";
import { startParcelBatchWorker } from "../core/parcels/bulk-booking";
import { startParcelTracking } from "../core/parcels/tracking-scheduler";
import { startPaymentPoll } from "../core/remittances/payment-scheduler";
import { logOnlyTransport } from "../core/messaging/transport";
import { pruneAlertDevices } from "../core/orders/order-alerts";
import { logOnlyPushSender, pushQueue, webPushSender } from "../core/messaging/web-push";
import { ReadCache } from "../core/shared/cache";
import { createDatabaseRateLimiter, createRedisRateLimiter } from "../core/shared/rate-limit";
import { startPolling } from "../core/shared/polling";
import { scheduleRetention } from "../core/retention/retention";
import { getSiteSettings } from "../core/settings/site-settings";
import { openStoreDatabase, projectRoot, upkeepPass } from "../core/startup/open-store";
import { buildApp } from "./app";
import { loadConfig } from "./config";

async function main() {
  const config = loadConfig();
  const mediaDir = path.join(config.dataDir, "media");
  fs.mkdirSync(mediaDir, { recursive: true });
  const database = await openStoreDatabase(config, {
    seed: config.seedDemo,
    mediaDir,
    // SEED_IMAGES=0 skips generating the demo images (tests that do not look at them)
    images: process.env.SEED_IMAGES !== "0",
    log: (message) => console.log(message),
  });

  const buildDir = path.join(projectRoot, "build");
  const serverBuild = path.join(buildDir, "server", "index.js");
  if (!fs.existsSync(serverBuild)) {
    throw new Error(`No page build at ${serverBuild}. Run "npm run build" first (npm start does).`);
  }
  const build = (await import(pathToFileURL(serverBuild).href)) as ServerBuild;
  const limiter = config.redisUrl
    ? await createRedisRateLimiter(config.redisUrl)
    : createDatabaseRateLimiter(database.db);
  const core = {
    db: database.db,
    cache: new ReadCache(config.catalogCacheSeconds * 1000),
    limiter,
    publicUrl: config.publicUrl,
    secrets: config.secrets ?? null,
  };
  const app = await buildApp({ core, config, pages: { build, clientDir: path.join(buildDir, "client") } });
  if (config.secrets) app.log.info(`courier credentials: sealed under the key from the ${config.secrets.source}`);
  else app.log.warn("courier credentials cannot be saved: set SECRETS_KEY (openssl rand -hex 32), the same in every process");
  // old rows are deleted in the background (decision 0043); every process runs it, at a random
  // moment in its first minute, so processes started together do not all begin at once
  const retention = scheduleRetention(core, {
    firstAfterMs: Math.floor(Math.random() * 60_000),
    everyMs: 10 * 60_000,
    onRun: (report) => {
      if (Object.values(report).some((n) => n > 0)) app.log.info({ deleted: report }, "retention: old rows deleted");
    },
    onError: (error) => app.log.error({ err: error }, "retention run failed; the next run tries again"),
  });

  // WhatsApp messages (decision 0069): every process runs a worker; SKIP LOCKED and the
  // lease keep two of them from sending one message
  // a request never outlives the lease, so no second process takes a message still in flight
  const transport = config.whatsapp
    ? cloudApiTransport({
        ...config.whatsapp,
        timeoutMs: Math.min(config.whatsapp.timeoutMs, Math.floor(config.messageWorker.leaseMs / 2)),
      })
    : logOnlyTransport;
  const messages = config.messageWorker.enabled
    ? startOutboxWorker(database.db, transport, {
        pollMs: config.messageWorker.pollMs,
        leaseMs: config.messageWorker.leaseMs,
        onError: (error) => app.log.error({ err: error }, "message worker pass failed; the next pass tries again"),
        onRun: (run) => {
          if (run.failed + run.retry > 0) app.log.warn({ messages: run }, "messages: some sends failed");
        },
      })
    : null;
  // emails (decision 0076): the same worker over email_messages, through SMTP when
  // SMTP_URL is set; each SMTP wait is cut at half the lease like the WhatsApp request
  const emailTransport = config.email.smtp
    ? smtpTransport(config.email.smtp, {
        from: config.email.from,
        storeName: async () => (await getSiteSettings(core)).siteName,
        timeoutMs: Math.min(30_000, Math.floor(config.messageWorker.leaseMs / 2)),
      })
    : logOnlyEmailTransport;
  const emails = config.messageWorker.enabled
    ? startQueueWorker(database.db, emailQueue(emailTransport), {
        pollMs: config.messageWorker.pollMs,
        leaseMs: config.messageWorker.leaseMs,
        onError: (error) => app.log.error({ err: error }, "email worker pass failed; the next pass tries again"),
        onRun: (run) => {
          if (run.failed + run.retry > 0) app.log.warn({ emails: run }, "emails: some sends failed");
        },
      })
    : null;
  // staff new-order pushes (decision 0094): the same worker over push_messages; a push service's
  // answer is waited for at most half the lease like the others
  if (!config.vapid) app.log.warn("push notifications are off: set VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY");
  else app.log.info(`push notifications: VAPID keys from the ${config.vapid.source}`);
  const pushSender = config.vapid
    ? webPushSender(config.vapid, { timeoutMs: Math.min(15_000, Math.floor(config.messageWorker.leaseMs / 2)) })
    : logOnlyPushSender;
  const pushes = config.messageWorker.enabled
    ? startQueueWorker(database.db, pushQueue(database.db, pushSender), {
        pollMs: config.messageWorker.pollMs,
        leaseMs: config.messageWorker.leaseMs,
        onError: (error) => app.log.error({ err: error }, "push worker pass failed; the next pass tries again"),
        onRun: (run) => {
          if (run.failed + run.retry > 0) app.log.warn({ pushes: run }, "pushes: some sends failed");
        },
      })
    : null;
  // devices of members who lost access or were signed out; their alerts already stopped
  const devicePrune = startPolling(() => pruneAlertDevices(database.db), {
    firstAfterMs: Math.floor(Math.random() * 60_000),
    nextAfterMs: () => 10 * 60_000,
    onError: (error) => app.log.error({ err: error }, "pruning push devices failed; the next pass tries again"),
    unref: true,
  });
  // password reset and sign-in-link requests (decision 0087): answered at once whatever the
  // address, then looked up and sent here
  const accountRequests = config.messageWorker.enabled
    ? startAccountRequestWorker(
        core,
        { whatsapp: !!config.whatsapp },
        {
          pollMs: config.messageWorker.pollMs,
          leaseMs: config.messageWorker.leaseMs,
          onError: (error) =>
            app.log.error({ err: error }, "account request worker pass failed; the next pass tries again"),
          onRun: (run) => {
            if (run.failed + run.retry > 0) app.log.warn({ accountRequests: run }, "account requests: some failed");
          },
        },
      )
    : null;
  // reminders and expiry of unanswered confirmations (decision 0072): every
  // process runs the pass; SKIP LOCKED keeps two of them from reminding or expiring one order
  const confirmations = config.confirmationScheduler.enabled
    ? startConfirmationScheduler(core, {
        pollMs: config.confirmationScheduler.pollMs,
        onError: (error) =>
          app.log.error({ err: error }, "confirmation scheduler pass failed; the next pass tries again"),
        onRun: (run) => app.log.info({ confirmations: run }, "confirmations: reminders written, orders expired"),
      })
    : null;
  // bulk bookings (decision 0103): every process books the ticked orders' batches, a few at a time
  // per courier over all processes; a batch a stopped process leaves is taken up when its lease ends
  const parcelBatches = startParcelBatchWorker(core, {
    onError: (error) => app.log.error({ err: error }, "bulk booking pass failed; the next pass tries again"),
  });
  // following parcels with their couriers (decision 0104): every process runs the poll and works
  // through pushed webhooks; SKIP LOCKED and a lease keep two of them from asking for one parcel
  const parcelTracking = config.parcelTracking.enabled
    ? startParcelTracking(core, {
        pollMs: config.parcelTracking.pollMs,
        inboxMs: config.parcelTracking.inboxMs,
        // only a push whose sender proved itself (the secret in its path) counts as the courier's word
        trustBodies: config.traxWebhook.secret !== "",
        onError: (error) => app.log.error({ err: error }, "parcel tracking pass failed; the next pass tries again"),
        onRun: (run) => {
          if (run.failed > 0) app.log.warn({ parcels: run }, "parcel tracking: some polls failed");
        },
        onInbox: (run) => {
          if (run.failed > 0) app.log.warn({ webhooks: run }, "courier webhooks: some could not be read");
        },
      })
    : null;
  // what couriers paid for finished parcels (decision 0106): asked by every process that follows
  // parcels; SKIP LOCKED and a lease keep two of them from asking for one parcel
  const paymentPoll = config.parcelTracking.enabled
    ? startPaymentPoll(core, {
        pollMs: config.paymentPoll.pollMs,
        onError: (error) => app.log.error({ err: error }, "payment poll pass failed; the next pass tries again"),
        onRun: (run) => {
          if (run.failed > 0) app.log.warn({ payments: run }, "payment poll: some asks failed");
        },
      })
    : null;

  // PGlite has no autovacuum (decision 0082): the store does its work, at autovacuum's thresholds,
  // every ten minutes; a PostgreSQL server's own autovacuum needs no help
  const upkeep =
    database.kind === "pglite"
      ? startPolling(
          async () => {
            const report = await upkeepPass(database.db);
            if (report.vacuumed.length + report.analyzed.length > 0)
              app.log.info({ upkeep: report }, "database upkeep: tables vacuumed or analyzed");
            return report;
          },
          {
            firstAfterMs: 60_000,
            nextAfterMs: () => 10 * 60_000,
            onError: (error) => app.log.error({ err: error }, "database upkeep failed; the next pass tries again"),
            unref: true,
          },
        )
      : null;

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal}: finishing in-flight requests`);
    // a hung client must not keep the process alive forever
    const force = setTimeout(() => {
      app.log.error("shutdown took over 10 s; exiting");
      process.exit(1);
    }, 10_000);
    force.unref();
    // connections busy when closing began go idle once answered; Node only closes the ones
    // idle at the start, so keep closing idle keep-alive connections until the server is done
    const closeIdle = setInterval(() => app.server.closeIdleConnections(), 100);
    try {
      await app.close();
      clearInterval(closeIdle);
      await retention.stop();
      // the send under way finishes and is recorded before the database closes
      await messages?.stop();
      await emails?.stop();
      await pushes?.stop();
      await devicePrune.stop();
      await accountRequests?.stop();
      // the pass under way commits before the database closes
      await confirmations?.stop();
      // the bookings under way get their answers recorded before the database closes
      await parcelBatches.stop();
      // the courier calls under way end and their events are recorded before the database closes
      await parcelTracking?.stop();
      await paymentPoll?.stop();
      // a VACUUM under way finishes before the database closes
      await upkeep?.stop();
      await limiter.close();
      await database.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, "shutdown failed");
      process.exit(1);
    }
  };
  process.on("SIGINT", () => void shutdown("SIGINT"));
  process.on("SIGTERM", () => void shutdown("SIGTERM"));

  await app.listen({ port: config.port, host: config.host });
  app.log.info(`Store ready on ${config.publicUrl} (${database.kind}; ${mallocInUse()})`);
}

/** Which malloc the process runs on: how an operator sees that scripts/start.sh's preload took (decision 0084). */
function mallocInUse(): string {
  let maps = "";
  try {
    maps = fs.readFileSync("/proc/self/maps", "utf8");
  } catch {
    // no /proc: not Linux, where the preload does not apply
  }
  return maps.includes("/libjemalloc") ? "jemalloc" : "the C library's malloc";
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
