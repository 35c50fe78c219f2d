// A TCP proxy that behaves like one slow mobile connection between a phone and the store: every
// connection through it shares one downlink and one uplink (a FIFO queue each, as at a real
// bottleneck) and pays the one-way delay in each direction, plus a round trip for the TCP
// handshake. Unlike DevTools' throttling (a fixed delay per request) it keeps connection reuse
// and bandwidth sharing, which is what decides whether scripts compete with the main image.
import net from "node:net";

export interface LinkShape {
  /** round-trip time, ms */
  rttMs: number;
  /** downlink, kbit/s */
  downKbps: number;
  /** uplink, kbit/s */
  upKbps: number;
}

/** Lighthouse's mobile preset (slow 4G): 150 ms RTT, 1.6 Mbit/s down, 750 kbit/s up. */
export const SLOW_4G: LinkShape = { rttMs: 150, downKbps: 1638.4, upKbps: 750 };

const SEGMENT = 1460;

/**
 * One direction of the link: bytes leave in order at the link's rate and arrive one-way later.
 * Each socket's deliveries go through one queue and one timer, so they keep their order (two
 * timers due in the same millisecond may fire in either order).
 */
class Pipe {
  private busyUntil = 0;
  private readonly queues = new Map<net.Socket, { at: number; deliver: () => void }[]>();

  constructor(
    private readonly kbps: number,
    private readonly oneWayMs: number,
  ) {}

  send(to: net.Socket, chunk: Buffer): void {
    for (let i = 0; i < chunk.length; i += SEGMENT) {
      const segment = chunk.subarray(i, i + SEGMENT);
      this.busyUntil = Math.max(performance.now(), this.busyUntil) + (segment.length * 8) / this.kbps;
      this.enqueue(to, this.busyUntil + this.oneWayMs, () => to.destroyed || to.write(segment));
    }
  }

  /** once everything already sent to this socket has arrived */
  afterQueued(to: net.Socket, action: () => void): void {
    this.enqueue(to, performance.now() + this.oneWayMs, action);
  }

  private enqueue(to: net.Socket, at: number, deliver: () => void): void {
    let queue = this.queues.get(to);
    if (!queue) {
      queue = [];
      this.queues.set(to, queue);
    }
    // nothing overtakes what is already queued for this socket
    const last = queue[queue.length - 1];
    queue.push({ at: Math.max(at, last?.at ?? 0), deliver });
    if (queue.length === 1) this.drain(to, queue);
  }

  private drain(to: net.Socket, queue: { at: number; deliver: () => void }[]): void {
    const now = performance.now();
    while (queue.length > 0 && queue[0]!.at <= now) queue.shift()!.deliver();
    if (queue.length === 0) this.queues.delete(to);
    else setTimeout(() => this.drain(to, queue), queue[0]!.at - now);
  }
}

export interface SlowLink {
  /** http://127.0.0.1:<port> of the proxy */
  url: string;
  stop(): Promise<void>;
}

export async function startSlowLink(target: URL, shape: LinkShape = SLOW_4G): Promise<SlowLink> {
  const oneWayMs = shape.rttMs / 2;
  const down = new Pipe(shape.downKbps, oneWayMs);
  const up = new Pipe(shape.upKbps, oneWayMs);
  const sockets = new Set<net.Socket>();
  const server = net.createServer((phone) => {
    const store = net.connect(Number(target.port), target.hostname);
    for (const socket of [phone, store]) {
      sockets.add(socket);
      socket.on("close", () => sockets.delete(socket));
      socket.on("error", () => socket.destroy());
    }
    // the handshake's round trip before the first byte goes up
    phone.pause();
    setTimeout(() => phone.resume(), shape.rttMs);
    phone.on("data", (chunk: Buffer) => up.send(store, chunk));
    store.on("data", (chunk: Buffer) => down.send(phone, chunk));
    // a side that finishes closes the other once its last bytes have crossed the link
    phone.on("end", () => up.afterQueued(store, () => store.end()));
    store.on("end", () => down.afterQueued(phone, () => phone.end()));
    phone.on("close", () => store.destroy());
    store.on("close", () => down.afterQueued(phone, () => phone.destroy()));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    stop: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
