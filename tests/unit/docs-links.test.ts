import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The documentation stays navigable and in pieces a reader finishes: every relative link in the
 * README and docs/*.md reaches a file (and, for a markdown file, the heading its #anchor names), and
 * no capability file grows past about 300 lines (docs/architecture.md is the map of them). The
 * specification (docs/spec/) is quoted as written and is not held to the length.
 */
const root = join(import.meta.dirname, '../..');
const MAX_LINES = 320;
const docs = readdirSync(join(root, 'docs'))
  .filter((name) => name.endsWith('.md'))
  .map((name) => join(root, 'docs', name));

/** The text outside fenced code blocks and inline code, where a link is a link. */
const prose = (markdown: string) => markdown.replace(/^```[\s\S]*?^```/gm, '').replace(/`[^`\n]*`/g, '');

/** GitHub's heading ids: lower case, punctuation dropped, spaces to hyphens, repeats numbered. */
function anchorsOf(file: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const [, heading] of readFileSync(file, 'utf8').replace(/^```[\s\S]*?^```/gm, '').matchAll(/^#{1,6} +(.+?) *#*$/gm)) {
    const slug = heading!.toLowerCase().replace(/[^\p{L}\p{N}\s_-]/gu, '').replace(/\s/g, '-');
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    anchors.add(count === 0 ? slug : `${slug}-${count}`);
  }
  return anchors;
}

function brokenLinks(file: string): string[] {
  const broken: string[] = [];
  for (const [, target] of prose(readFileSync(file, 'utf8')).matchAll(/\]\(([^)\s]+)(?: "[^"]*")?\)/g)) {
    if (/^[a-z]+:/i.test(target!)) continue;
    const [path, anchor] = target!.split('#') as [string, string | undefined];
    const resolved = path === '' ? file : join(dirname(file), decodeURIComponent(path));
    const where = `${relative(root, file)} → ${target}`;
    if (!existsSync(resolved)) broken.push(`${where}: no such file`);
    else if (anchor && resolved.endsWith('.md') && !anchorsOf(resolved).has(anchor)) broken.push(`${where}: no such heading`);
  }
  return broken;
}

describe('documentation', () => {
  it('links only to files and headings that exist', () => {
    expect(docs.length).toBeGreaterThan(20);
    expect([join(root, 'README.md'), ...docs].flatMap(brokenLinks)).toEqual([]);
  });

  it('keeps every capability file short enough to read to the end', () => {
    const long = docs
      .map((file) => ({ file: relative(root, file), lines: readFileSync(file, 'utf8').split('\n').length - 1 }))
      .filter(({ lines }) => lines > MAX_LINES);
    expect(long).toEqual([]);
  });

  it('reads anchors as GitHub writes them', () => {
    const file = join(root, 'docs/school-calendar.md');
    expect(anchorsOf(file).has('times-in-the-accounts-zone-part-4-16')).toBe(true);
    expect(brokenLinks(join(root, 'docs/architecture.md'))).toEqual([]);
  });
});
