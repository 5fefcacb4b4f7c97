/**
 * Prints the first-load JS of the built SPA: the entry script plus every chunk index.html preloads,
 * gzip-compressed. Exits 1 above the 200 KB budget (ARCHITECTURE §9). Run after `vite build`.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const BUDGET_BYTES = 200 * 1024;
const dist = fileURLToPath(new URL('../dist/', import.meta.url));
const html = readFileSync(`${dist}index.html`, 'utf8');
const scripts = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((match) => match[1]);

let total = 0;
for (const file of new Set(scripts)) {
  const size = gzipSync(readFileSync(dist + file)).length;
  total += size;
  console.log(`${(size / 1024).toFixed(1).padStart(7)} KB  ${file}`);
}
console.log(`${(total / 1024).toFixed(1).padStart(7)} KB  first-load JS (gzip), budget ${BUDGET_BYTES / 1024} KB`);
if (total > BUDGET_BYTES) process.exit(1);
