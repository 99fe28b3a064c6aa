import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import react from '@vitejs/plugin-react';
import { build, type Plugin, type ResolvedConfig } from 'vite';

/** The landing page's own HTML file, sent for `/` (plugins/web.ts); every other path gets index.html. */
const LANDING_HTML = 'landing.html';
const ROOT_DIV = '<div id="root"></div>';

/**
 * Renders the landing page into HTML at build time (src/prerender.tsx, built for Node on the
 * side) and writes it into a copy of index.html, landing.html: the page paints from the HTML
 * and the style sheet, before any JavaScript, and main.tsx hydrates it. index.html stays the
 * empty shell for every other path, so no other page flashes the landing page first.
 */
export function prerenderLanding(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'carepoint:prerender-landing',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    // After index.html is written, before closeBundle compresses the output.
    async writeBundle() {
      const outDir = path.resolve(config.root, config.build.outDir);
      const serverDir = await fs.mkdtemp(path.join(os.tmpdir(), 'carepoint-prerender-'));
      try {
        await build({
          configFile: false,
          root: config.root,
          mode: config.mode,
          logLevel: 'warn',
          plugins: [react()],
          // The app's own aliases (`@/`, React Router's production build).
          resolve: { alias: config.resolve.alias },
          // Everything in one self-contained file: it runs from the temporary directory.
          ssr: { noExternal: true },
          build: {
            ssr: 'src/prerender.tsx',
            outDir: serverDir,
            emptyOutDir: true,
            rolldownOptions: { output: { entryFileNames: 'prerender.mjs' } },
          },
        });
        const { renderLanding, LANDING_TITLE } = (await import(
          pathToFileURL(path.join(serverDir, 'prerender.mjs')).href
        )) as { renderLanding: () => string; LANDING_TITLE: string };
        const shell = await fs.readFile(path.join(outDir, 'index.html'), 'utf8');
        if (!shell.includes(ROOT_DIV)) throw new Error(`index.html has no ${ROOT_DIV} to prerender into`);
        const landing = shell
          .replace(ROOT_DIV, `<div id="root">${renderLanding()}</div>`)
          // The title the page sets for itself, there from the start.
          .replace(/<title>[^<]*<\/title>/, `<title>${LANDING_TITLE}</title>`);
        await fs.writeFile(path.join(outDir, LANDING_HTML), landing);
      } finally {
        await fs.rm(serverDir, { recursive: true, force: true });
      }
    },
  };
}
