import net, { type AddressInfo } from 'node:net';
import { HL7_MESSAGES } from '@carepoint/contract';
import type { Hl7Message } from '@medplum/core';
import { Hl7Connection, type Hl7ErrorEvent, type Hl7MessageEvent } from '@medplum/hl7';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { batched } from '../../lib/batched';
import { type ServiceContext, systemContext } from '../../lib/context';
import { type ReceivedFrame, receiveFrame, receiveFrames } from './receive';

/** MLLP's frame: a message between VT and FS CR (HL7 v2 Minimal Lower Layer Protocol). */
const VT = 0x0b;
const FS = 0x1c;
const CR = 0x0d;
/** A frame larger than this is no analyser's result: the connection is closed rather than the memory filled. */
const MAX_FRAME_BYTES = 1024 * 1024;

export interface Hl7Listener {
  /** Listens on HL7_MLLP_HOST:HL7_MLLP_PORT when the port is set; answers where it listens (null: off). */
  start(): Promise<AddressInfo | null>;
  /** Stops accepting, lets the messages in progress be answered, then closes every connection. */
  close(): Promise<void>;
}

export interface Hl7ListenerOptions {
  db: Database;
  config: Config;
  log: FastifyBaseLogger;
  now: () => Date;
  publish: ServiceContext['publish'];
}

/**
 * The frames' text as received, in order, beside @medplum/hl7's connection that reads them: the
 * connection hands over the parsed message (or a parse error) but not the text it came from. It
 * ends a frame where the connection does (a chunk ending FS CR), so the two stay in step.
 */
function recordFrames(socket: net.Socket, onTooLarge: () => void) {
  const frames: string[] = [];
  let chunks: Buffer[] = [];
  let size = 0;
  socket.on('data', (data: Buffer) => {
    chunks.push(data);
    size += data.length;
    if (size > MAX_FRAME_BYTES) {
      chunks = [];
      size = 0;
      onTooLarge();
      return;
    }
    if (data.at(-2) === FS && data.at(-1) === CR) {
      const frame = Buffer.concat(chunks);
      chunks = [];
      size = 0;
      frames.push(frame.subarray(frame[0] === VT ? 1 : 0, frame.length - 2).toString('utf8'));
    }
  });
  return { next: () => frames.shift() ?? '' };
}

/**
 * At most this many messages share one transaction. Each connection sends its next message only
 * once the last is answered, so a batch holds at most one message a connection; this bounds the
 * time the batch holds the embedded database's one connection.
 */
const MAX_BATCH = 50;

/** Several messages in one frame: a sender that did not wait for its acknowledgments. */
const holdsSeveral = (raw: string) => raw.includes(String.fromCharCode(FS, CR, VT));

/**
 * The MLLP listener analysers send their ORU^R01 results to (docs/areas/lab-hl7.md). Each
 * connection is @medplum/hl7's Hl7Connection (framing, decoding, @medplum/core's parser, sending
 * the answer); the server socket is ours, since Hl7Server listens on every address and
 * HL7_MLLP_HOST keeps it on loopback by default. One connection's messages are answered in the
 * order they came. The messages of every connection that arrive together are stored in one
 * transaction (group commit: one commit and one disk flush for all of them, docs/areas/lab-hl7.md);
 * each is answered only once that transaction is committed and durable.
 */
export function createHl7Listener(options: Hl7ListenerOptions): Hl7Listener {
  const { config, log } = options;
  const ctx = systemContext({ db: options.db, config, log, now: options.now, publish: options.publish });
  const filing = batched<ReceivedFrame, Hl7Message>({
    together: (frames) => receiveFrames(ctx, frames),
    alone: (frame) => receiveFrame(ctx, frame),
    maxBatch: MAX_BATCH,
    onBatchFailure: (error, size) =>
      log.warn({ err: error, size }, 'HL7 batch not stored; storing its messages one by one'),
  });
  const connections = new Set<Hl7Connection>();
  const inFlight = new Set<Promise<void>>();
  let server: net.Server | undefined;

  const serve = (socket: net.Socket) => {
    const frames = recordFrames(socket, () => {
      log.warn(
        { remote: socket.remoteAddress },
        `HL7 frame over ${MAX_FRAME_BYTES} bytes; connection closed`,
      );
      socket.destroy();
    });
    const connection = new Hl7Connection(socket);
    connections.add(connection);
    let queue = Promise.resolve();
    const answer = (raw: string, message: Hl7MessageEvent['message'] | null, closeAfter: boolean) => {
      const refusal = holdsSeveral(raw) ? HL7_MESSAGES.oneAtATime : undefined;
      const task = queue.then(async () => {
        const ack = await filing.submit({ raw, message, refusal });
        if (!connection.isClosed()) connection.send(ack);
        // After a frame it could not read, the connection's buffer still holds it: start afresh.
        if (closeAfter) await connection.close();
      });
      const settled = task.catch((error: unknown) => log.error({ err: error }, 'HL7 message not answered'));
      queue = settled;
      inFlight.add(settled);
      void settled.finally(() => inFlight.delete(settled));
    };
    connection.addEventListener('message', (event: Hl7MessageEvent) =>
      answer(frames.next(), event.message, false),
    );
    connection.addEventListener('error', (event: Hl7ErrorEvent) => {
      // A frame that is not HL7 (no MSH) fails to parse: stored and refused like any other.
      if ((event.error as Error & { type?: string }).type === 'entity.parse.failed')
        answer(frames.next(), null, true);
      else log.debug({ err: event.error }, 'HL7 connection error');
    });
    connection.addEventListener('close', () => connections.delete(connection));
  };

  return {
    async start() {
      if (config.HL7_MLLP_PORT === undefined) return null;
      const listening = net.createServer(serve);
      await new Promise<void>((resolve, reject) => {
        listening.once('error', reject);
        listening.listen(config.HL7_MLLP_PORT, config.HL7_MLLP_HOST, () => {
          listening.off('error', reject);
          resolve();
        });
      });
      server = listening;
      const address = listening.address() as AddressInfo;
      log.info(`HL7 MLLP listener on ${address.address}:${address.port}`);
      return address;
    },
    async close() {
      const listening = server;
      server = undefined;
      if (!listening) return;
      const stopped = new Promise<void>((resolve) => listening.close(() => resolve()));
      await Promise.all([...inFlight]);
      await Promise.all([...connections].map((connection) => connection.close()));
      await stopped;
    },
  };
}
