import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Every key shape lives in packages/core/src/keys.ts (keys as pure, tested functions): a key
 * prefix written anywhere else ('PREFS#', `ORG#${id}`, `${scope}#D#${day}`) is a second home for a
 * key's shape, which a change to keys.ts would silently miss. Comments may name key shapes.
 */
const root = join(import.meta.dirname, '../..');
const KEY_PREFIX = [/['"`][^'"`\n]*\b[A-Z][A-Z0-9_]+#/, /\}#[A-Z]+#/];

const codeOf = (source: string) =>
  source
    .split('\n')
    .map((line, i) => ({ line: i + 1, text: line }))
    .filter(({ text }) => !/^\s*(\*|\/\/|\/\*)/.test(text));

describe('key shapes', () => {
  it('are written only in keys.ts', () => {
    const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', 'packages', 'functions'], { cwd: root, encoding: 'utf8' })
      .split('\n')
      .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts') && file !== 'packages/core/src/keys.ts');
    expect(files.length).toBeGreaterThan(100);
    const outside = files.flatMap((file) =>
      codeOf(readFileSync(join(root, file), 'utf8'))
        .filter(({ text }) => KEY_PREFIX.some((pattern) => pattern.test(text)))
        .map(({ line, text }) => `${file}:${line}: ${text.trim()}`),
    );
    expect(outside).toEqual([]);
  });
});
