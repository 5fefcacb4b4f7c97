/**
 * The note generator port, on its own so the implementations (bedrock.ts, local-generator.ts) and
 * generator.ts, which picks one of them, do not import each other.
 */
import type { ProgressFacts } from './facts.ts';

export interface GenerateOptions {
  /** Aborts the call when the caller's time is up. */
  signal?: AbortSignal;
  /** Why the previous draft was refused, for a generator that can take it into account. */
  feedback?: string;
}

export interface NoteGenerator {
  /** Whether asking again can give a different note (a model can; the local composer cannot). */
  readonly varies: boolean;
  /** The note as rich text (HTML), written from the facts only. */
  generate(facts: ProgressFacts, options?: GenerateOptions): Promise<string>;
  /**
   * The note (rich text) in another language (a BCP 47 tag), numbers as digits, to be checked
   * against the English; absent where the generator offers no translation (the local composer).
   */
  translate?(englishHtml: string, language: string, options?: GenerateOptions): Promise<string>;
}
