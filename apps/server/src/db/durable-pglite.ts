import fs from 'node:fs';
import path from 'node:path';
import {
  PGlite,
  type PGliteOptions,
  type QueryOptions,
  type Results,
  type Transaction,
} from '@electric-sql/pglite';
import { NodeFS } from '@electric-sql/pglite/nodefs';
import { type FileSyncer, GroupCommit } from './group-commit';

/**
 * The embedded database with durable commits.
 *
 * Out of the box PGlite acknowledges a commit that is only in the operating system's page cache:
 * it starts PostgreSQL with fsync off, Emscripten's fdatasync() does nothing, and its Node file
 * layer (NODEFS) has no fsync operation at all. A power cut could then lose records the clinic
 * was told were saved, or leave the cluster unrecoverable. Here:
 *
 * - PostgreSQL runs with fsync on and `wal_sync_method=fsync` (fsync() is the call that reaches
 *   the file layer), so it asks for every sync its own crash safety relies on;
 * - the file layer gains an fsync: a WAL file's sync joins a group commit (group-commit.ts),
 *   anything else (data files at a checkpoint, pg_control, directories after a create or rename)
 *   is synced at once, after the WAL before it;
 * - every query, exec and transaction resolves only once its WAL is on disk, so no answer leaves
 *   the server before the write it reports is durable, nor shows data that is not yet durable.
 */

/** The parts of Emscripten's NODEFS this file wraps (its types do not describe them). */
interface NodefsNode {
  name: string;
  parent: NodefsNode;
}
interface NodefsStream {
  node: NodefsNode;
  nfd: number;
}
type StreamOp = (stream: NodefsStream, ...rest: never[]) => unknown;
type NodeOp = (node: NodefsNode, ...rest: never[]) => unknown;
interface Nodefs {
  realPath(node: NodefsNode): string;
  stream_ops: Record<string, StreamOp>;
  node_ops: Record<string, NodeOp>;
}
interface EmscriptenFs {
  ErrnoError: new (errno: number) => Error;
}
/** Emscripten's errno for EIO: what a failed sync reports to PostgreSQL (which then stops, as it must). */
const EMSCRIPTEN_EIO = 29;

const isWalFile = (filePath: string) => path.basename(path.dirname(filePath)) === 'pg_wal';

/**
 * Flushes files by path with Node's own calls. The group commit's flushes keep each WAL file open
 * (one thread-pool call per flush instead of three); `forget` closes them when PostgreSQL renames
 * or removes files, and a FileHandle's close waits for a flush still running on it.
 */
class NodeFileSyncer implements FileSyncer {
  #open = new Map<string, Promise<fs.promises.FileHandle>>();

  async sync(filePath: string) {
    let handle = this.#open.get(filePath);
    if (!handle) {
      handle = fs.promises.open(filePath, 'r');
      this.#open.set(filePath, handle);
      handle.catch(() => this.#open.delete(filePath));
    }
    await (await handle).datasync();
  }

  syncNow(filePath: string) {
    const fd = fs.openSync(filePath, 'r');
    try {
      fs.fdatasyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
  }

  forget() {
    for (const handle of this.#open.values()) void handle.then((h) => h.close()).catch(() => {});
    this.#open.clear();
  }
}

/** NODEFS with fsync, and the group commit's barrier before every other change that reaches the disk. */
class DurableNodeFS extends NodeFS {
  constructor(
    dataDir: string,
    private readonly commits: GroupCommit,
    private readonly files: NodeFileSyncer,
  ) {
    super(dataDir);
  }

  override async init(pg: PGlite, opts: Parameters<NodeFS['init']>[1]) {
    const { emscriptenOpts } = await super.init(pg, opts);
    const preRun = [
      ...(emscriptenOpts.preRun ?? []),
      (mod: { NODEFS: unknown; FS: unknown }) => this.#addSyncs(mod.NODEFS as Nodefs, mod.FS as EmscriptenFs),
    ];
    return { emscriptenOpts: { ...emscriptenOpts, preRun } };
  }

  #addSyncs(nodefs: Nodefs, emfs: EmscriptenFs) {
    const { commits, files } = this;
    const walStreams = new WeakMap<NodefsStream, boolean>();
    const isWal = (stream: NodefsStream) => {
      let wal = walStreams.get(stream);
      if (wal === undefined) {
        wal = isWalFile(nodefs.realPath(stream.node));
        walStreams.set(stream, wal);
      }
      return wal;
    };
    // Inside PostgreSQL's file calls an exception must be Emscripten's errno, or the WebAssembly aborts.
    const asErrno = (action: () => void) => {
      try {
        action();
      } catch {
        throw new emfs.ErrnoError(EMSCRIPTEN_EIO);
      }
    };
    const barrierFirst = <Op extends (...args: never[]) => unknown>(op: Op) =>
      ((...args: Parameters<Op>) => {
        asErrno(() => commits.barrier());
        return op(...args);
      }) as Op;

    nodefs.stream_ops.fsync = (stream) => {
      if (isWal(stream)) return commits.request(nodefs.realPath(stream.node));
      asErrno(() => {
        commits.barrier();
        fs.fsyncSync(stream.nfd);
      });
    };
    const write = nodefs.stream_ops.write as StreamOp;
    nodefs.stream_ops.write = (stream, ...rest) => {
      if (!isWal(stream)) asErrno(() => commits.barrier());
      return write(stream, ...rest);
    };
    // Truncating, renaming or removing a file must not overtake the WAL that records it.
    for (const op of ['setattr'] as const) {
      nodefs.stream_ops[op] = barrierFirst(nodefs.stream_ops[op] as StreamOp);
    }
    for (const op of ['setattr', 'rename', 'unlink', 'rmdir'] as const) {
      const original = barrierFirst(nodefs.node_ops[op] as NodeOp);
      nodefs.node_ops[op] = (...args) => {
        files.forget();
        return original(...args);
      };
    }
  }
}

/**
 * PostgreSQL's settings for durability: PGlite's defaults less `-F` (fsync off), with the WAL
 * synced by fsync() (Emscripten's fdatasync() never reaches the file layer).
 */
const durableStartParams = [
  ...PGlite.defaultStartParams.filter((param) => param !== '-F'),
  '-c',
  'fsync=on',
  '-c',
  'wal_sync_method=fsync',
];

/** PGlite on a data directory whose acknowledged writes are on disk (see above). */
export class DurablePGlite extends PGlite {
  readonly #commits: GroupCommit;

  constructor(
    dataDir: string,
    options: Omit<PGliteOptions, 'fs' | 'dataDir'> & { extraStartParams?: string[] },
  ) {
    const files = new NodeFileSyncer();
    const commits = new GroupCommit(files);
    const { extraStartParams = [], ...rest } = options;
    super({
      ...rest,
      fs: new DurableNodeFS(dataDir, commits, files),
      startParams: [...durableStartParams, ...extraStartParams],
    });
    this.#commits = commits;
  }

  /** WAL flushes done so far (each may cover several commits). */
  get walFlushes() {
    return this.#commits.flushes;
  }

  override async query<T>(query: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    const results = await super.query<T>(query, params, options);
    await this.#commits.whenDurable();
    return results;
  }

  override async exec(query: string, options?: QueryOptions): Promise<Array<Results>> {
    const results = await super.exec(query, options);
    await this.#commits.whenDurable();
    return results;
  }

  override async transaction<T>(callback: (tx: Transaction) => Promise<T>): Promise<T> {
    try {
      return await super.transaction(callback);
    } finally {
      // A rolled-back transaction wrote nothing to wait for; whenDurable returns at once then.
      await this.#commits.whenDurable();
    }
  }
}
