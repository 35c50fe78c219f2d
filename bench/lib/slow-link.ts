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

/** One direction of the link: bytes leave in order at the link's rate and arrive one-way later. */
class Pipe {
  private busyUntil = 0;

  constructor(
    private readonly kbps: number,
    private readonly oneWayMs: number,
  ) {}

  send(to: net.Socket, chunk: Buffer): void {
    for (let i = 0; i < chunk.length; i += SEGMENT) {
      const segment = chunk.subarray(i, i + SEGMENT);
      this.busyUntil = Math.max(performance.now(), this.busyUntil) + (segment.length * 8) / this.kbps;
      this.at(this.busyUntil + this.oneWayMs, () => to.destroyed || to.write(segment));
    }
  }

  /** after everything already sent has arrived */
  afterQueued(action: () => void): void {
    this.at(Math.max(performance.now(), this.busyUntil) + this.oneWayMs, action);
  }

  private at(time: number, action: () => void): void {
    setTimeout(action, Math.max(0, time - performance.now()));
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
    phone.on("end", () => up.afterQueued(() => store.end()));
    store.on("end", () => down.afterQueued(() => phone.end()));
    phone.on("close", () => store.destroy());
    store.on("close", () => down.afterQueued(() => phone.destroy()));
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
