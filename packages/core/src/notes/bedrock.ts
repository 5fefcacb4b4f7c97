/**
 * The Bedrock generator: the Converse API with the facts as JSON and a system prompt that allows
 * only those facts. Every fault becomes a NoteGenerationError whose message the user can act on;
 * logs carry the error's class and code only (the prompt and the answer are PHI).
 */
import type { BedrockRuntimeClient, ConverseCommand, ConverseCommandOutput } from '@aws-sdk/client-bedrock-runtime';
import { NoteGenerationError } from '../errors.ts';
import { errorFields, logger } from '../observability.ts';
import { plainText } from '../plain-text.ts';
import { sanitizeRichText } from '../rich-text.ts';
import type { ProgressFacts } from './facts.ts';
import type { GenerateOptions, NoteGenerator } from './generator-port.ts';
import { NO_DATA_SENTENCE } from './local-generator.ts';

/** One model call; the caller's deadline may cut it shorter. */
const DEFAULT_TIMEOUT_MS = 20_000;
/** Shorter than this is not a progress note (a refusal, an apology, an empty reply). */
const MIN_NOTE_CHARS = 80;

export const BEDROCK_MESSAGES = {
  busy: 'The AI service is busy. Please try again in a minute.',
  slow: 'The AI service took too long to respond. Please try again.',
  notEnabled: 'The AI model is not enabled for this account. Please contact your administrator.',
  notReady: 'The AI model is starting up. Please try again in a minute.',
  rejected: 'The AI service could not process this request. Please contact support if this continues.',
  unavailable: 'The AI service is temporarily unavailable. Please try again in a minute.',
  unusable: 'The AI service returned an unusable note. Please try again.',
  notConfigured: 'The AI model is not configured on this server.',
} as const;

const SYSTEM_PROMPT = `You are a speech-language pathologist writing a progress note for a student's school record and parents.
Write the note ONLY from the facts in the user's JSON. Rules:
- Every number you write must appear in the facts. Do not calculate new numbers (no new averages, sums, differences or counts). Write numbers as digits, never as words, and never as ordinals.
- Mention no dates other than the reporting period's start and end.
- Refer to the student only by client.displayName.
- Start with a heading naming the student and the reporting period, then a paragraph on attendance (sessions scheduled, present, absent, canceled, minutes of therapy).
- Then one section per goal, headed by the goal's name: the performance with its numbers (sessions with data, trials, first, latest and overall accuracy), the trend, whether progress is sufficient to meet the goal (use the goal's "progress" value: sufficient, insufficient or undetermined), and one practical recommendation.
- For a goal whose criterionMaxCue is not null, its accuracies and correct counts count only correct trials with that cue level or less: say so with the first of them (e.g. "15 correct with verbal cues or less").
- For a goal whose "cueing" is not null, also say what the trials scored with cue levels show, with its percentCorrect, percentIndependent and the cue levels of cuedCorrect in their order (most frequent first), e.g. "scored 80% correct, 60% independently, with verbal cues on the rest". When allSessionsWithTrials is false, say that these figures cover only the sessions scored trial by trial. When "cueing" is null, say nothing about independence or cue levels.
- For a goal whose sessionsWithData is 0, write exactly: "${NO_DATA_SENTENCE}" Never describe progress that the facts do not show.
- Keep a professional, plain tone suitable for parents.
- Output an HTML fragment only, using only these tags: h2, h3, p, strong, em, ul, ol, li, br. No markdown, no code fences, no html/head/body tags, no links, no styles, no scripts.`;

/**
 * The SDK is imported where it is used, not at the top: a bundle that keeps a static import of
 * an external module loads it at cold start even when nothing calls it, and the Lambda runtime's
 * SDK is external. Only the functions that generate (and declare `bedrock`) reach this import.
 */
const bedrockSdk = () => import('@aws-sdk/client-bedrock-runtime');

let client: Promise<BedrockRuntimeClient> | undefined;
/** One client per process; the region and credentials come from the AWS configuration. */
function bedrock(): Promise<BedrockRuntimeClient> {
  client ??= bedrockSdk().then((sdk) => new sdk.BedrockRuntimeClient({ maxAttempts: Number(process.env.BEDROCK_MAX_ATTEMPTS ?? 3) }));
  return client;
}

/** The facts the model sees: no ids (their digits would only tempt it to quote them). */
function modelFacts(facts: ProgressFacts) {
  return {
    client: { displayName: facts.client.displayName },
    period: facts.period,
    attendance: facts.attendance,
    goalCount: facts.goalCount,
    goals: facts.goals.map(({ goalId: _id, type: _type, ...g }) => g),
  };
}

function userMessage(facts: ProgressFacts, feedback: string | undefined): string {
  const text = `Facts (JSON):\n${JSON.stringify(modelFacts(facts), null, 2)}\n\nWrite the progress note.`;
  return feedback ? `${text}\n\n${feedback}` : text;
}

const BUSY = new Set(['ThrottlingException', 'ServiceQuotaExceededException', 'TooManyRequestsException']);
const SLOW = new Set(['ModelTimeoutException', 'TimeoutError', 'AbortError', 'RequestTimeout', 'RequestTimeoutException', 'ETIMEDOUT']);
const NOT_ENABLED = new Set(['AccessDeniedException', 'ResourceNotFoundException', 'UnrecognizedClientException']);
const UNAVAILABLE = new Set(['ServiceUnavailableException', 'InternalServerException', 'ModelErrorException', 'ModelStreamErrorException', 'ECONNRESET', 'ECONNREFUSED', 'ENOTFOUND']);

/** Maps an SDK (or timeout) error to what the user is told. */
export function mapBedrockError(error: unknown): NoteGenerationError {
  if (error instanceof NoteGenerationError) return error;
  const e = error as { name?: string; code?: string };
  const name = e?.name ?? 'Error';
  logger.warn('bedrock_failed', { error: errorFields(error) });
  if (BUSY.has(name)) return new NoteGenerationError(BEDROCK_MESSAGES.busy, true);
  if (SLOW.has(name) || SLOW.has(e?.code ?? '')) return new NoteGenerationError(BEDROCK_MESSAGES.slow, true);
  if (NOT_ENABLED.has(name)) return new NoteGenerationError(BEDROCK_MESSAGES.notEnabled, false);
  if (name === 'ModelNotReadyException') return new NoteGenerationError(BEDROCK_MESSAGES.notReady, true);
  if (name === 'ValidationException') return new NoteGenerationError(BEDROCK_MESSAGES.rejected, false);
  if (UNAVAILABLE.has(name) || UNAVAILABLE.has(e?.code ?? '')) return new NoteGenerationError(BEDROCK_MESSAGES.unavailable, true);
  return new NoteGenerationError(BEDROCK_MESSAGES.unavailable, true);
}

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function unusable(reason: string): NoteGenerationError {
  logger.warn('bedrock_unusable_output', { reason });
  return new NoteGenerationError(BEDROCK_MESSAGES.unusable, false);
}

/** The note in the answer, as sanitized HTML; refuses truncated, filtered or empty answers. */
export function noteFromOutput(out: ConverseCommandOutput): string {
  if (out.stopReason && out.stopReason !== 'end_turn' && out.stopReason !== 'stop_sequence') throw unusable(out.stopReason);
  const raw = (out.output?.message?.content ?? []).map((block) => ('text' in block ? (block.text ?? '') : '')).join('');
  const text = raw.replace(/^\s*```(?:html)?\s*/i, '').replace(/\s*```\s*$/, '');
  // A model that ignored the format and wrote plain paragraphs still gives a usable note.
  const html = /<(p|h[1-6]|ul|ol|li|br)\b/i.test(text)
    ? text
    : text.split(/\n\s*\n/).map((p) => `<p>${escapeHtml(p.trim())}</p>`).join('');
  const clean = sanitizeRichText(html);
  if (plainText(clean).length < MIN_NOTE_CHARS) throw unusable('too_short');
  return clean;
}

/**
 * Sends with a deadline of our own: the SDK honours abortSignal, and the race makes the deadline
 * hold even for a request that never settles.
 */
async function sendWithin(command: ConverseCommand, signal: AbortSignal): Promise<ConverseCommandOutput> {
  signal.throwIfAborted();
  let onAbort: (() => void) | undefined;
  const aborted = new Promise<never>((_, reject) => {
    onAbort = () => reject(Object.assign(new Error('The model call timed out'), { name: 'TimeoutError' }));
    signal.addEventListener('abort', onAbort, { once: true });
  });
  try {
    const runtime = await Promise.race([bedrock(), aborted]);
    return await Promise.race([runtime.send(command, { abortSignal: signal }), aborted]);
  } finally {
    signal.removeEventListener('abort', onAbort!);
  }
}

async function generate(facts: ProgressFacts, options: GenerateOptions = {}): Promise<string> {
  const modelId = process.env.BEDROCK_MODEL_ID;
  if (!modelId) throw new NoteGenerationError(BEDROCK_MESSAGES.notConfigured, false);
  const timeout = AbortSignal.timeout(Number(process.env.BEDROCK_TIMEOUT_MS ?? DEFAULT_TIMEOUT_MS));
  const signal = options.signal ? AbortSignal.any([timeout, options.signal]) : timeout;
  const { ConverseCommand } = await bedrockSdk();
  const command = new ConverseCommand({
    modelId,
    system: [{ text: SYSTEM_PROMPT }],
    messages: [{ role: 'user', content: [{ text: userMessage(facts, options.feedback) }] }],
    inferenceConfig: { maxTokens: 2048, temperature: 0.2 },
  });
  try {
    return noteFromOutput(await sendWithin(command, signal));
  } catch (e) {
    throw mapBedrockError(e);
  }
}

const TRANSLATE_PROMPT = `You translate a speech-language pathologist's progress note for a student's family.
Translate the HTML fragment in the user's message into the language named there, for a parent: plain, warm and exact.
Rules:
- Keep every number exactly as written in the English, as digits (never as words); add no number the English does not have.
- Keep the student's name as written. Keep the meaning of each sentence; add nothing and leave nothing out.
- Keep the same HTML tags (h2, h3, p, strong, em, ul, ol, li, br) around the translated text. No markdown, no code fences, no other tags.`;

async function translate(englishHtml: string, language: string, options: GenerateOptions = {}): Promise<string> {
  const modelId = process.env.BEDROCK_MODEL_ID;
  if (!modelId) throw new NoteGenerationError(BEDROCK_MESSAGES.notConfigured, false);
  const timeout = AbortSignal.timeout(Number(process.env.BEDROCK_TIMEOUT_MS ?? DEFAULT_TIMEOUT_MS));
  const signal = options.signal ? AbortSignal.any([timeout, options.signal]) : timeout;
  const { ConverseCommand } = await bedrockSdk();
  const request = `Language (BCP 47): ${language}\n\nNote (HTML):\n${englishHtml}`;
  const command = new ConverseCommand({
    modelId,
    system: [{ text: TRANSLATE_PROMPT }],
    messages: [{ role: 'user', content: [{ text: options.feedback ? `${request}\n\n${options.feedback}` : request }] }],
    inferenceConfig: { maxTokens: 4096, temperature: 0.1 },
  });
  try {
    return noteFromOutput(await sendWithin(command, signal));
  } catch (e) {
    throw mapBedrockError(e);
  }
}

export const bedrockNoteGenerator: NoteGenerator = { varies: true, generate, translate };
