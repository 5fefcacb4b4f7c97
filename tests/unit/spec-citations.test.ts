import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Comments and the documentation cite the specification as "part N §M". It lives in the repository (docs/spec/), so a
 * citation is something a reader can open: this fails on a citation of a part or a section that
 * is not there (a renumbered section, a typo, a document outside the repository).
 */
const root = join(import.meta.dirname, '../..');
const specDir = join(root, 'docs/spec');

/** Each part's section numbers, from its headings ("## 6. Families", "### 1.4 Signed means frozen"). */
function sectionsOfParts(): Map<string, Set<string>> {
  const parts = new Map<string, Set<string>>();
  for (const file of readdirSync(specDir)) {
    const part = /^part-(\d)-/.exec(file)?.[1];
    if (!part) continue;
    const headings = readFileSync(join(specDir, file), 'utf8').matchAll(/^#{2,4} (\d+(?:\.\d+)*)\.? /gm);
    parts.set(part, new Set([...headings].map((m) => m[1]!)));
  }
  return parts;
}

const CITATION = /part (\d) §(\d+(?:\.\d+)*)/g;

describe('citations of the specification', () => {
  it('name a part and a section of docs/spec', () => {
    const parts = sectionsOfParts();
    expect([...parts.keys()].sort()).toEqual(['1', '2', '3', '4']);
    const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '*.ts', '*.tsx', '*.mjs', 'README.md', 'docs/*.md'], { cwd: root, encoding: 'utf8' })
      .split('\n')
      // The documentation cites the specification too; the specification's own text is not a citation.
      .filter((file) => file && !file.startsWith('docs/spec/'));
    const broken: string[] = [];
    let cited = 0;
    for (const file of files) {
      for (const [, part, section] of readFileSync(join(root, file), 'utf8').matchAll(CITATION)) {
        cited++;
        // A trailing period ends the sentence, not the number.
        const number = section!.replace(/\.$/, '');
        if (!parts.get(part!)?.has(number)) broken.push(`${file}: part ${part} §${number}`);
      }
    }
    expect(broken).toEqual([]);
    expect(cited).toBeGreaterThan(100);
  });
});
