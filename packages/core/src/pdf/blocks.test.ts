import { describe, expect, it } from 'vitest';
import { htmlBlocks } from './blocks.ts';

describe('htmlBlocks', () => {
  it('reads headings, paragraphs and list items from rich text', () => {
    expect(htmlBlocks('<h2>Title</h2><p>One &amp; <strong>two</strong></p><ul><li>a</li><li>b&#8217;s</li></ul>')).toEqual([
      { kind: 'heading', text: 'Title' },
      { kind: 'paragraph', text: 'One & two' },
      { kind: 'bullet', text: 'a' },
      { kind: 'bullet', text: 'b’s' },
    ]);
  });
});
