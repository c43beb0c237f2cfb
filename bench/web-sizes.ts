import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

/**
 * The web app as the browser gets it: built once per run into a temporary directory with a
 * Vite manifest (`vite build --manifest`, so neither apps/web/dist nor the Vite config is
 * touched), and the gzipped size of the JavaScript and CSS a page loads — its entry and its
 * route chunks, with everything they import statically.
 */

const WEB = fileURLToPath(new URL('../apps/web/', import.meta.url));
const VITE = fileURLToPath(new URL('../node_modules/vite/bin/vite.js', import.meta.url));

/** The route chunks of each measured page, by source path (the lazy pages of apps/web/src/app/router.tsx). */
export const PAGES = {
  'log-in page': ['src/features/auth/login-page.tsx'],
  'student list page': ['src/app/shell/app-shell.tsx', 'src/features/users/people-page.tsx'],
} as const;
export type PageName = keyof typeof PAGES;

/** Issue 7: the log-in page under 250 KB of gzipped JavaScript. */
export const LOGIN_JS_BUDGET_KB = 250;

export function buildWeb(): string {
  const outDir = mkdtempSync(join(tmpdir(), 'bench-web-'));
  const started = performance.now();
  execFileSync(
    process.execPath,
    [VITE, 'build', '--outDir', outDir, '--emptyOutDir', '--manifest', '--logLevel', 'warn'],
    {
      cwd: WEB,
      stdio: 'inherit',
    },
  );
  console.log(`web app built in ${((performance.now() - started) / 1000).toFixed(1)} s (${outDir})`);
  return outDir;
}

interface Chunk {
  file: string;
  imports?: string[];
  css?: string[];
}

export const gzippedKb = (dist: string, files: Iterable<string>) => {
  let bytes = 0;
  for (const file of files) bytes += gzipSync(readFileSync(join(dist, file))).length;
  return bytes / 1024;
};

/** The files a page needs before it can show: the entry and its route chunks, with their static imports. */
export function pageFiles(dist: string, page: PageName): { js: Set<string>; css: Set<string> } {
  const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8')) as Record<string, Chunk>;
  const js = new Set<string>();
  const css = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the Vite manifest: has the route moved? (bench/web-sizes.ts PAGES)`);
    if (js.has(chunk.file)) return;
    if (chunk.file.endsWith('.js')) js.add(chunk.file);
    for (const file of chunk.css ?? []) css.add(file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const key of ['index.html', ...PAGES[page]]) visit(key);
  return { js, css };
}

export interface PageSize {
  page: PageName;
  jsKb: number;
  cssKb: number;
  files: number;
}

export function pageSizes(dist: string): PageSize[] {
  return (Object.keys(PAGES) as PageName[]).map((page) => {
    const { js, css } = pageFiles(dist, page);
    return { page, jsKb: gzippedKb(dist, js), cssKb: gzippedKb(dist, css), files: js.size + css.size };
  });
}
