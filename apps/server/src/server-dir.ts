import fs from 'node:fs';
import path from 'node:path';

/**
 * The server package's folder (apps/server), found from this module whether it runs from its
 * source (src/…) or from the build (dist/main.js): the files read at run time (migrations,
 * the PGlite template cache, the web build) are located from here, not from this file's depth.
 */
export const serverDir = (() => {
  let dir = import.meta.dirname;
  while (!fs.existsSync(path.join(dir, 'package.json'))) {
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`No package.json above ${import.meta.dirname}`);
    dir = parent;
  }
  return dir;
})();
