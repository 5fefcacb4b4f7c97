/**
 * The one place that writes a grounded note, through the note generator port. `NOTE_GENERATOR`
 * chooses the implementation: `local` (the default, deterministic) or `bedrock`.
 */
import { NoteGenerationError } from '../errors.ts';
import { countMetric, logger, METRIC, recordLatency } from '../observability.ts';
import { sanitizeRichText } from '../rich-text.ts';
import { bedrockNoteGenerator } from './bedrock.ts';
import type { ProgressFacts } from './facts.ts';
import { ungroundedNumbers } from './grounding.ts';
import { localNoteGenerator } from './local-generator.ts';
import type { NoteGenerator } from './generator-port.ts';

let override: NoteGenerator | undefined;

/** Replaces the configured generator (tests: a slow or failing one); undefined restores it. */
export function setNoteGenerator(generator: NoteGenerator | undefined) {
  override = generator;
}

export function noteGenerator(): NoteGenerator {
  if (override) return override;
  // Read in each test rather than kept in a variable: the function bundles define NOTE_GENERATOR as
  // 'bedrock' (infra/constructs/functions.ts), so esbuild drops the local generator from them.
  if ((process.env.NOTE_GENERATOR ?? 'local') === 'local') return localNoteGenerator;
  if (process.env.NOTE_GENERATOR === 'bedrock') return bedrockNoteGenerator;
  logger.error('note_generator_misconfigured');
  throw new NoteGenerationError('AI note generation is not configured on this server.', false);
}

export const UNGROUNDED_MESSAGE = 'The AI service returned a note with numbers that do not match the recorded data. Please try again.';

/**
 * Generates, sanitizes and checks a note. A note stating a number that is not a fact is asked for
 * again once (with the reason) when the generator can vary, then refused. `deadline` (epoch ms)
 * bounds the whole thing, retries included.
 */
export async function writeGroundedNote(facts: ProgressFacts, deadline: number): Promise<string> {
  const generator = noteGenerator();
  const attempts = generator.varies ? 2 : 1;
  let feedback: string | undefined;
  for (let attempt = 0; attempt < attempts; attempt++) {
    const remaining = deadline - Date.now();
    if (remaining <= 0) break;
    const started = Date.now();
    let generated: string;
    try {
      generated = await generator.generate(facts, { signal: AbortSignal.timeout(remaining), feedback });
    } finally {
      // Failed calls too: a model that times out is what this metric should show.
      recordLatency(METRIC.noteGenerationLatency, Date.now() - started);
    }
    const html = sanitizeRichText(generated);
    const invented = ungroundedNumbers(html, facts);
    if (invented.length === 0) {
      countMetric(METRIC.noteGenerated);
      return html;
    }
    // The numbers themselves are not PHI, but a count is all an operator needs.
    logger.warn('note_ungrounded', { attempt, count: invented.length });
    feedback = `Your previous draft stated numbers that are not in the facts: ${invented.join(', ')}. Write the note again using only numbers that appear in the facts.`;
  }
  throw new NoteGenerationError(UNGROUNDED_MESSAGE, false);
}
