import fs from 'node:fs';
import path from 'node:path';

async function syncPath(target: string) {
  const handle = await fs.promises.open(target, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/**
 * Puts a directory tree just written (a new embedded database copied from its template) on
 * disk: every file, then every directory, then the directory's own entry in its parent. The
 * database's later commits are synced as they happen; they would be worth little on top of a
 * copy a power cut could leave half written.
 */
export async function syncTree(root: string) {
  const entries = await fs.promises.readdir(root, { recursive: true, withFileTypes: true });
  const full = (entry: fs.Dirent) => path.join(entry.parentPath, entry.name);
  await Promise.all(entries.filter((entry) => entry.isFile()).map((entry) => syncPath(full(entry))));
  const directories = entries.filter((entry) => entry.isDirectory()).map(full);
  await Promise.all([...directories, root, path.dirname(root)].map(syncPath));
}
