/**
 * Caseload's own goal bank: templates written for the product (not taken from a published bank),
 * in the measurable IEP form "given a condition, the student will do a behaviour, to a criterion".
 * Blanks in square brackets are for the clinician: `[student]` becomes the client's first name
 * when a template fills the goal form; the others (`[sound]`, `[position]`, `[accuracy]`,
 * `[cue level]`, `[number]`, `[target words]`…) stay until the clinician fills them in.
 *
 * Each template's `targetCriteria` is the wording of its default structured criterion and is
 * built from it (`criterion`), so the two cannot disagree. Ids are fixed and readable: a template
 * may be reworded, but an id is never reused for another goal.
 */
import type { GoalType } from '@caseload/contract/enums';
import type { GoalTemplate } from '@caseload/contract/goal-bank';
import type { CueLevel } from '@caseload/contract/trials';

/** How the most support still counted reads in a criterion's wording. */
const cueWording: Record<CueLevel, string> = {
  independent: 'independently',
  gestural: 'with no more than gestural cues',
  visual: 'with no more than visual cues',
  verbal: 'with no more than verbal cues',
  model: 'with no more than a model',
  physical: 'with no more than physical prompts',
};

type Criterion = Pick<GoalTemplate, 'targetCriteria' | 'criterionAccuracy' | 'criterionSessions' | 'criterionMaxCue'>;

/**
 * A default criterion and its wording: "80% accuracy across 3 consecutive sessions, with no more
 * than verbal cues". `measure` names what the percentage counts when it is not trial accuracy
 * ("of opportunities").
 */
export function criterion(accuracy: number, sessions: number, maxCue?: CueLevel, measure = 'accuracy'): Criterion {
  const cue = maxCue ? `, ${cueWording[maxCue]}` : '';
  return {
    targetCriteria: `${accuracy}% ${measure} across ${sessions} consecutive sessions${cue}`,
    criterionAccuracy: accuracy,
    criterionSessions: sessions,
    ...(maxCue ? { criterionMaxCue: maxCue } : {}),
  };
}

const OPPORTUNITIES = 'of opportunities';

type Entry = Omit<GoalTemplate, 'source' | 'type'>;

/** Templates of one goal type, in the order the bank lists them. */
const ofType = (type: GoalType, entries: Entry[]): GoalTemplate[] => entries.map((entry) => ({ ...entry, source: 'caseload', type }));

const articulation = ofType('articulation', [
  {
    id: 'artic-01',
    name: 'Target sound in isolation',
    description: 'Given a model and a placement cue, [student] will produce [sound] in isolation with [accuracy]% accuracy given [cue level] cues, as measured by clinician data.',
    ...criterion(80, 3, 'model'),
  },
  {
    id: 'artic-02',
    name: 'Target sound in syllables',
    description: '[student] will produce [sound] in consonant-vowel, vowel-consonant and consonant-vowel-consonant syllables with [accuracy]% accuracy given [cue level] cues, as measured by clinician data.',
    ...criterion(80, 3, 'verbal'),
  },
  {
    id: 'artic-03',
    name: 'Target sound in words',
    description: 'During a picture-naming or word-reading task, [student] will produce [sound] in the [position] position of words with [accuracy]% accuracy given [cue level] cues, as measured by clinician data.',
    ...criterion(80, 3, 'visual'),
  },
  {
    id: 'artic-04',
    name: 'Target sound in phrases',
    description: '[student] will produce [sound] in the [position] position of words in carrier phrases and short phrases (2–4 words) with [accuracy]% accuracy given [cue level] cues, as measured by clinician data.',
    ...criterion(80, 3, 'visual'),
  },
  {
    id: 'artic-05',
    name: 'Target sound in sentences',
    description: 'When formulating or reading sentences that contain [sound] in [position] position(s), [student] will produce the sound correctly with [accuracy]% accuracy given [cue level] cues, as measured by clinician data.',
    ...criterion(80, 3, 'gestural'),
  },
  {
    id: 'artic-06',
    name: 'Target sound in structured connected speech',
    description: 'While reading a passage aloud or retelling a short story, [student] will produce [sound] in all word positions with [accuracy]% accuracy given [cue level] cues, as measured by clinician data.',
    ...criterion(80, 3, 'gestural'),
  },
  {
    id: 'artic-07',
    name: 'Target sound in conversation',
    description: 'During a conversation of at least [number] minutes with the clinician or a peer, [student] will produce [sound] correctly in [accuracy]% of occurrences, as measured by a tally of a conversational sample.',
    ...criterion(90, 3, 'independent', 'of occurrences'),
  },
  {
    id: 'artic-08',
    name: 'Self-monitoring of the target sound',
    description: '[student] will judge their own productions of [sound] as correct or incorrect and self-correct errors at the [level] level (words, sentences or conversation) in [accuracy]% of opportunities given [cue level] cues, as measured by clinician data.',
    ...criterion(80, 3, 'gestural', OPPORTUNITIES),
  },
  {
    id: 'artic-09',
    name: 'Discriminating correct and incorrect productions',
    description: 'Listening to the clinician produce words that contain [sound] correctly or in error, [student] will identify each production as correct or incorrect with [accuracy]% accuracy, as measured by clinician data.',
    ...criterion(90, 3, 'independent'),
  },
  {
    id: 'artic-10',
    name: 'Final consonants (final consonant deletion)',
    description: 'When naming pictures or producing words that end in a consonant, [student] will produce the final consonant, eliminating final consonant deletion, with [accuracy]% accuracy given [cue level] cues, as measured by clinician data.',
    ...criterion(80, 3, 'verbal'),
  },
  {
    id: 'artic-11',
    name: 'Consonant clusters (cluster reduction)',
    description: '[student] will produce both consonants of [clusters] (e.g., s-blends, l-blends) in words and phrases, eliminating cluster reduction, with [accuracy]% accuracy given [cue level] cues, as measured by clinician data.',
    ...criterion(80, 3, 'visual'),
  },
  {
    id: 'artic-12',
    name: 'Reducing a phonological process',
    description: 'In words containing [target sounds], [student] will produce the target sounds without [phonological process] (e.g., fronting, stopping, gliding) with [accuracy]% accuracy given [cue level] cues, as measured by clinician data.',
    ...criterion(80, 3, 'verbal'),
  },
  {
    id: 'artic-13',
    name: 'All syllables in multisyllabic words',
    description: '[student] will produce every syllable of [number]-syllable words (e.g., curriculum vocabulary) in the correct order, without deleting or reducing syllables, with [accuracy]% accuracy given [cue level] cues, as measured by clinician data.',
    ...criterion(80, 3, 'visual'),
  },
  {
    id: 'artic-14',
    name: 'Carryover of the target sound across settings',
    description: 'In the classroom and other school settings, [student] will produce [sound] correctly in [accuracy]% of observed opportunities, as measured by observation by the clinician and reports from [observer] (e.g., the classroom teacher).',
    ...criterion(80, 3, 'independent', 'of observed opportunities'),
  },
]);

const expressiveLanguage = ofType('expressive_language', [
  {
    id: 'expr-01',
    name: 'Naming vocabulary',
    description: 'Given pictures, objects or curriculum materials from [topic or unit], [student] will name [target words] with [accuracy]% accuracy given [cue level] cues, as measured by clinician data.',
    ...criterion(80, 3, 'visual'),
  },
  {
    id: 'expr-02',
    name: 'Describing with attributes',
    description: 'Given an object or picture, [student] will describe it using at least [number] attributes (e.g., category, function, parts, size, color, location) in [accuracy]% of opportunities given [cue level] cues, as measured by clinician data.',
    ...criterion(80, 3, 'visual', OPPORTUNITIES),
  },
  {
    id: 'expr-03',
    name: 'Grammatical morphemes',
    description: 'When describing pictures or events, [student] will use [grammatical forms] (e.g., plural -s, possessive -’s, third-person -s, regular past -ed) correctly in sentences with [accuracy]% accuracy given [cue level] cues, as measured by clinician data.',
    ...criterion(80, 3, 'verbal'),
  },
  {
    id: 'expr-04',
    name: 'Pronouns',
    description: '[student] will use [pronouns] (e.g., he, she, they, him, her, them) correctly in sentences to describe pictures or events with [accuracy]% accuracy given [cue level] cues, as measured by clinician data.',
    ...criterion(80, 3, 'visual'),
  },
  {
    id: 'expr-05',
    name: 'Irregular past-tense verbs',
    description: 'When telling what happened in a picture, story or recent event, [student] will use irregular past-tense verbs ([target verbs]) correctly with [accuracy]% accuracy given [cue level] cues, as measured by clinician data.',
    ...criterion(80, 3, 'verbal'),
  },
  {
    id: 'expr-06',
    name: 'Complete sentences',
    description: '[student] will produce grammatically complete sentences of at least [number] words, with a subject and a verb, to describe pictures, actions or events with [accuracy]% accuracy given [cue level] cues, as measured by clinician data.',
    ...criterion(80, 3, 'visual'),
  },
  {
    id: 'expr-07',
    name: 'Joining ideas with conjunctions',
    description: '[student] will combine two ideas into one sentence using [conjunctions] (e.g., and, but, because, so, when, if) with [accuracy]% accuracy given [cue level] cues, as measured by clinician data.',
    ...criterion(80, 3, 'verbal'),
  },
  {
    id: 'expr-08',
    name: 'Story retell with story grammar',
    description: 'After listening to or reading a short story, [student] will retell it including at least [number] story grammar elements (characters, setting, problem, feelings, actions, resolution) in [accuracy]% of retells given [cue level] cues, as measured by clinician data.',
    ...criterion(80, 3, 'visual', 'of retells'),
  },
  {
    id: 'expr-09',
    name: 'Personal narrative in sequence',
    description: '[student] will tell a personal narrative with a beginning, middle and end, using time words (e.g., first, next, then, last), with [accuracy]% accuracy on a narrative checklist given [cue level] cues, as measured by clinician data.',
    ...criterion(80, 3, 'visual'),
  },
  {
    id: 'expr-10',
    name: 'Asking questions',
    description: 'During structured activities and conversation, [student] will ask [question words] questions (e.g., who, what, where, when, why) to get information in [accuracy]% of opportunities given [cue level] cues, as measured by clinician data.',
    ...criterion(80, 3, 'verbal', OPPORTUNITIES),
  },
  {
    id: 'expr-11',
    name: 'Word-finding strategies',
    description: 'When [student] cannot retrieve a word, [student] will use a word-finding strategy (e.g., describe it, name its category, say its first sound, use a gesture) in [accuracy]% of opportunities given [cue level] cues, as measured by clinician data.',
    ...criterion(80, 3, 'gestural', OPPORTUNITIES),
  },
  {
    id: 'expr-12',
    name: 'Defining words',
    description: '[student] will define [target words] by naming the category and at least [number] defining features (e.g., "a hammer is a tool you use to hit nails") with [accuracy]% accuracy given [cue level] cues, as measured by clinician data.',
    ...criterion(80, 3, 'verbal'),
  },
  {
    id: 'expr-13',
    name: 'Synonyms and antonyms',
    description: 'Given a word from [topic or grade-level list], [student] will name a synonym or an antonym and use it in a sentence with [accuracy]% accuracy given [cue level] cues, as measured by clinician data.',
    ...criterion(80, 3, 'verbal'),
  },
  {
    id: 'expr-14',
    name: 'Summarizing informational text',
    description: 'After reading or listening to a grade-level informational passage, [student] will state its main idea and at least [number] supporting details in their own words with [accuracy]% accuracy given [cue level] cues, as measured by clinician data.',
    ...criterion(80, 3, 'visual'),
  },
]);

const receptiveLanguage = ofType('receptive_language', [
  {
    id: 'recep-01',
    name: 'Following one-step directions',
    description: 'In the therapy room or classroom, [student] will follow one-step directions with [accuracy]% accuracy given [cue level] cues, as measured by clinician data.',
    ...criterion(80, 3, 'gestural'),
  },
  {
    id: 'recep-02',
    name: 'Following multi-step directions',
    description: '[student] will follow [number]-step directions, some containing basic concepts (e.g., before, after, except), with [accuracy]% accuracy given [cue level] cues, as measured by clinician data.',
    ...criterion(80, 3, 'verbal'),
  },
  {
    id: 'recep-03',
    name: 'Basic concepts',
    description: '[student] will show understanding of [basic concepts] (e.g., spatial: in, under, behind; quantity: more, all, none; time: first, last) by pointing to or acting out the concept with [accuracy]% accuracy given [cue level] cues, as measured by clinician data.',
    ...criterion(80, 3, 'visual'),
  },
  {
    id: 'recep-04',
    name: 'Answering wh-questions about a picture',
    description: 'Given a picture or scene, [student] will answer [question words] questions (e.g., who, what, where) with [accuracy]% accuracy given [cue level] cues, as measured by clinician data.',
    ...criterion(80, 3, 'visual'),
  },
  {
    id: 'recep-05',
    name: 'Answering wh-questions about a story',
    description: 'After listening to a short story or passage, [student] will answer [question words] questions (e.g., who, what, where, when, why) about it with [accuracy]% accuracy given [cue level] cues, as measured by clinician data.',
    ...criterion(80, 3, 'visual'),
  },
  {
    id: 'recep-06',
    name: 'Identifying vocabulary',
    description: 'Given a field of [number] pictures, [student] will point to [target words] named by the clinician with [accuracy]% accuracy given [cue level] cues, as measured by clinician data.',
    ...criterion(80, 3, 'independent'),
  },
  {
    id: 'recep-07',
    name: 'Categories and the item that does not belong',
    description: 'Given a group of [number] pictures or words, [student] will identify the item that does not belong and explain why (e.g., "it is not a fruit") with [accuracy]% accuracy given [cue level] cues, as measured by clinician data.',
    ...criterion(80, 3, 'visual'),
  },
  {
    id: 'recep-08',
    name: 'Making inferences',
    description: 'Given a picture, a short passage or a video clip, [student] will make an inference (e.g., how a character feels, what happened before, what will happen next) and name at least [number] clue that supports it with [accuracy]% accuracy given [cue level] cues, as measured by clinician data.',
    ...criterion(80, 3, 'verbal'),
  },
  {
    id: 'recep-09',
    name: 'Figurative language',
    description: 'Given [figurative expressions] (e.g., idioms, similes, metaphors) in a sentence or short passage, [student] will explain what each one means with [accuracy]% accuracy given [cue level] cues, as measured by clinician data.',
    ...criterion(80, 3, 'verbal'),
  },
  {
    id: 'recep-10',
    name: 'Multiple-meaning words in context',
    description: 'Given a sentence containing a multiple-meaning word (e.g., bat, bark, trunk), [student] will choose or state the meaning that fits the sentence with [accuracy]% accuracy given [cue level] cues, as measured by clinician data.',
    ...criterion(80, 3, 'verbal'),
  },
  {
    id: 'recep-11',
    name: 'Main idea and details of a spoken passage',
    description: 'After listening to a grade-level passage read aloud, [student] will identify its main idea and at least [number] details with [accuracy]% accuracy given [cue level] cues, as measured by clinician data.',
    ...criterion(80, 3, 'visual'),
  },
]);

const fluency = ofType('fluency', [
  {
    id: 'flu-01',
    name: 'Identifying moments of stuttering',
    description: 'While listening to a recording of their own speech or during structured speaking tasks, [student] will identify moments of stuttering and describe what happened (e.g., repetition, prolongation, block) in [accuracy]% of opportunities given [cue level] cues, as measured by clinician data.',
    ...criterion(80, 3, 'gestural', OPPORTUNITIES),
  },
  {
    id: 'flu-02',
    name: 'Easy onsets',
    description: '[student] will use easy (gentle) onsets at the [level] level (words, phrases, sentences or conversation) in [accuracy]% of opportunities given [cue level] cues, as measured by clinician data.',
    ...criterion(80, 3, 'verbal', OPPORTUNITIES),
  },
  {
    id: 'flu-03',
    name: 'Light articulatory contacts',
    description: '[student] will use light articulatory contacts on [target sounds] at the [level] level (words, phrases, sentences or conversation) in [accuracy]% of opportunities given [cue level] cues, as measured by clinician data.',
    ...criterion(80, 3, 'verbal', OPPORTUNITIES),
  },
  {
    id: 'flu-04',
    name: 'Slower rate with phrasing and pauses',
    description: 'During [speaking task] (e.g., reading aloud, retelling, conversation), [student] will use a reduced speaking rate with natural phrasing and pauses in [accuracy]% of utterances given [cue level] cues, as measured by clinician data.',
    ...criterion(80, 3, 'visual', 'of utterances'),
  },
  {
    id: 'flu-05',
    name: 'Modifying a moment of stuttering',
    description: 'When [student] stutters, [student] will modify the moment with a learned technique (e.g., pull-out, cancellation, slide) in [accuracy]% of stuttering moments given [cue level] cues, as measured by clinician data.',
    ...criterion(80, 3, 'gestural', 'of stuttering moments'),
  },
  {
    id: 'flu-06',
    name: 'Reducing physical tension',
    description: '[student] will identify physical tension and secondary behaviors (e.g., eye blinks, head movements, breath holding) during moments of stuttering and release the tension to continue speaking in [accuracy]% of opportunities given [cue level] cues, as measured by clinician data.',
    ...criterion(80, 3, 'verbal', OPPORTUNITIES),
  },
  {
    id: 'flu-07',
    name: 'Fluency strategies in conversation',
    description: 'During a conversation of at least [number] minutes with a peer or adult, [student] will use a chosen fluency strategy so that [accuracy]% of utterances are fluent or smoothly modified, as measured by a tally of a conversational sample.',
    ...criterion(90, 3, 'independent', 'of utterances'),
  },
  {
    id: 'flu-08',
    name: 'Voluntary stuttering for desensitization',
    description: 'In structured tasks and then with [listener], [student] will produce [number] voluntary stutters per activity while staying in the conversation, in [accuracy]% of activities given [cue level] cues, as measured by clinician data.',
    ...criterion(80, 3, 'gestural', 'of activities'),
  },
  {
    id: 'flu-09',
    name: 'Talking about stuttering (self-advocacy)',
    description: '[student] will explain what stuttering is, which strategies help them, and how listeners can help (e.g., wait, do not finish words) to [audience], including at least [number] key points, in [accuracy]% of opportunities, as measured by clinician data.',
    ...criterion(80, 3, 'independent', OPPORTUNITIES),
  },
  {
    id: 'flu-10',
    name: 'Speaking up in class with strategies',
    description: 'During class discussions and reading aloud, [student] will participate orally at least [number] times per class period, using fluency strategies as needed, in [accuracy]% of observed class periods, as measured by teacher report and clinician observation.',
    ...criterion(80, 3, 'independent', 'of observed class periods'),
  },
]);

const voice = ofType('voice', [
  {
    id: 'voice-01',
    name: 'Identifying voice misuse',
    description: 'Given pictures, videos or described situations, [student] will identify vocally harmful behaviors (e.g., yelling, throat clearing, loud character voices) and name a healthier alternative with [accuracy]% accuracy given [cue level] cues, as measured by clinician data.',
    ...criterion(90, 3, 'independent'),
  },
  {
    id: 'voice-02',
    name: 'Vocal hygiene log',
    description: '[student] will keep a daily vocal hygiene log (e.g., water intake, voice rest, times they yelled) and review it with the clinician, completing [accuracy]% of school days given [cue level] reminders, as measured by the log.',
    ...criterion(80, 3, 'independent', 'of school days logged'),
  },
  {
    id: 'voice-03',
    name: 'Replacing throat clearing',
    description: 'When [student] feels the urge to clear their throat, [student] will use a replacement behavior (e.g., a hard swallow or a sip of water) in [accuracy]% of observed opportunities given [cue level] cues, as measured by clinician observation.',
    ...criterion(80, 3, 'gestural', 'of observed opportunities'),
  },
  {
    id: 'voice-04',
    name: 'Easy voice onset',
    description: '[student] will start voicing with an easy, breathy-to-clear onset, without hard glottal attacks, at the [level] level (words, phrases, sentences or conversation) in [accuracy]% of opportunities given [cue level] cues, as measured by clinician data.',
    ...criterion(80, 3, 'verbal', OPPORTUNITIES),
  },
  {
    id: 'voice-05',
    name: 'Loudness for the setting',
    description: 'Given a setting or scenario (e.g., library, classroom, playground), [student] will use a voice loudness suited to it, shown on a visual loudness scale, in [accuracy]% of opportunities given [cue level] cues, as measured by clinician data.',
    ...criterion(80, 3, 'visual', OPPORTUNITIES),
  },
  {
    id: 'voice-06',
    name: 'Forward resonant voice',
    description: 'Starting from a hum, [student] will produce an easy, forward-focused resonant voice at the [level] level (syllables, words, phrases or sentences) in [accuracy]% of productions given [cue level] cues, as measured by clinician data.',
    ...criterion(80, 3, 'model', 'of productions'),
  },
  {
    id: 'voice-07',
    name: 'Target pitch range',
    description: 'Using visual feedback when needed, [student] will keep their speaking pitch within the target range set by the clinician at the [level] level (words, phrases, sentences or conversation) in [accuracy]% of productions given [cue level] cues, as measured by clinician data.',
    ...criterion(80, 3, 'visual', 'of productions'),
  },
  {
    id: 'voice-08',
    name: 'Breath support for phrases',
    description: 'Using relaxed abdominal breathing, [student] will produce phrases of [number] syllables on one breath without strain or running out of air in [accuracy]% of productions given [cue level] cues, as measured by clinician data.',
    ...criterion(80, 3, 'verbal', 'of productions'),
  },
  {
    id: 'voice-09',
    name: 'Oral airflow on pressure consonants',
    description: '[student] will direct airflow through the mouth (not the nose) on pressure consonants ([target sounds], e.g., /p/, /b/, /s/) in words and phrases in [accuracy]% of productions given [cue level] cues, as checked by the clinician with a mirror or listening tube.',
    ...criterion(80, 3, 'visual', 'of productions'),
  },
]);

const pragmatics = ofType('pragmatics', [
  {
    id: 'prag-01',
    name: 'Greeting and responding to greetings',
    description: '[student] will greet peers and adults and respond to their greetings, using words, signs or their AAC system, in [accuracy]% of opportunities given [cue level] cues, as measured by clinician data.',
    ...criterion(80, 3, 'gestural', OPPORTUNITIES),
  },
  {
    id: 'prag-02',
    name: 'Staying on topic',
    description: 'During a conversation with a peer or adult, [student] will keep to the topic for at least [number] conversational turns in [accuracy]% of conversations given [cue level] cues, as measured by clinician data.',
    ...criterion(80, 3, 'visual', 'of conversations'),
  },
  {
    id: 'prag-03',
    name: 'Taking turns',
    description: 'During a structured game or group activity, [student] will wait for and take their turn in [accuracy]% of turns given [cue level] cues, as measured by clinician data.',
    ...criterion(80, 3, 'gestural', 'of turns'),
  },
  {
    id: 'prag-04',
    name: 'Reading emotions and nonverbal cues',
    description: 'Given photos, video clips or role-play, [student] will identify how a person feels from facial expression, body language and tone of voice, and name a clue, with [accuracy]% accuracy given [cue level] cues, as measured by clinician data.',
    ...criterion(80, 3, 'visual'),
  },
  {
    id: 'prag-05',
    name: 'Asking for help or clarification',
    description: 'When a direction or task is unclear, [student] will ask for help or clarification (e.g., "Can you say that again?", "What do I do first?") in [accuracy]% of opportunities given [cue level] cues, as measured by clinician data.',
    ...criterion(80, 3, 'gestural', OPPORTUNITIES),
  },
  {
    id: 'prag-06',
    name: 'Repairing a communication breakdown',
    description: 'When a listener does not understand, [student] will repair the message by repeating, rephrasing, adding information or showing, in [accuracy]% of breakdowns given [cue level] cues, as measured by clinician data.',
    ...criterion(80, 3, 'verbal', 'of breakdowns'),
  },
  {
    id: 'prag-07',
    name: 'Size of the problem',
    description: 'Given a real or described situation, [student] will rate the size of the problem (small, medium or large) and name a reaction that matches it with [accuracy]% accuracy given [cue level] cues, as measured by clinician data.',
    ...criterion(80, 3, 'verbal'),
  },
  {
    id: 'prag-08',
    name: 'Follow-up questions and related comments',
    description: "During a conversation, [student] will ask a follow-up question or make a related comment about the partner's topic in [accuracy]% of opportunities given [cue level] cues, as measured by clinician data.",
    ...criterion(80, 3, 'visual', OPPORTUNITIES),
  },
  {
    id: 'prag-09',
    name: "Considering another person's perspective",
    description: 'Given a story, video or role-play, [student] will explain what another person knows, wants or thinks and how that differs from their own view, with [accuracy]% accuracy given [cue level] cues, as measured by clinician data.',
    ...criterion(80, 3, 'verbal'),
  },
  {
    id: 'prag-10',
    name: 'Joining a group',
    description: 'During [activity] (e.g., recess, a group project), [student] will join peers using an entry strategy (e.g., waiting for a pause, making a related comment, asking to join) in [accuracy]% of opportunities given [cue level] cues, as measured by clinician observation.',
    ...criterion(80, 3, 'gestural', OPPORTUNITIES),
  },
  {
    id: 'prag-11',
    name: 'Adjusting language for the listener',
    description: 'Given a listener and situation (e.g., a younger child, a principal, a friend), [student] will adjust their words and tone to suit that listener in [accuracy]% of opportunities given [cue level] cues, as measured by clinician data.',
    ...criterion(80, 3, 'verbal', OPPORTUNITIES),
  },
]);

const other = ofType('other', [
  {
    id: 'other-01',
    name: 'AAC: requesting',
    description: 'During motivating activities, [student] will use [AAC system] to request [target items or actions] in [accuracy]% of opportunities given [cue level] cues, as measured by clinician data.',
    ...criterion(80, 3, 'gestural', OPPORTUNITIES),
  },
  {
    id: 'other-02',
    name: 'AAC: combining symbols',
    description: '[student] will combine at least [number] symbols on [AAC system], using core words (e.g., "more go", "I want help"), to request, comment or answer, in [accuracy]% of opportunities given [cue level] cues, as measured by clinician data.',
    ...criterion(80, 3, 'model', OPPORTUNITIES),
  },
  {
    id: 'other-03',
    name: 'AAC: finding words',
    description: '[student] will navigate [AAC system] to find [target words] located in folders or pages in [accuracy]% of opportunities given [cue level] cues, as measured by clinician data.',
    ...criterion(80, 3, 'gestural', OPPORTUNITIES),
  },
  {
    id: 'other-04',
    name: 'AAC: commenting and social messages',
    description: 'During [routine or activity], [student] will use [AAC system] to comment, greet, protest or share an opinion in [accuracy]% of opportunities given [cue level] cues, as measured by clinician data.',
    ...criterion(80, 3, 'gestural', OPPORTUNITIES),
  },
  {
    id: 'other-05',
    name: 'Requesting a break or help',
    description: 'When [student] needs a break or help, [student] will request it with [communication mode] (e.g., words, a sign, a picture card, an AAC message) instead of leaving or refusing, in [accuracy]% of observed opportunities given [cue level] cues, as measured by clinician and staff data.',
    ...criterion(80, 3, 'gestural', 'of observed opportunities'),
  },
  {
    id: 'other-06',
    name: 'Phonological awareness: rhyming',
    description: '[student] will judge whether two spoken words rhyme and produce a rhyming word (real or nonsense) for [target words] with [accuracy]% accuracy given [cue level] cues, as measured by clinician data.',
    ...criterion(80, 3, 'verbal'),
  },
  {
    id: 'other-07',
    name: 'Phonological awareness: blending and segmenting',
    description: '[student] will blend spoken sounds into words and break spoken words of [number] sounds into their individual sounds with [accuracy]% accuracy given [cue level] cues, as measured by clinician data.',
    ...criterion(80, 3, 'visual'),
  },
  {
    id: 'other-08',
    name: 'Phonological awareness: first and last sounds',
    description: 'Given a spoken word, [student] will say its first or last sound, or name a word that starts with a given sound, with [accuracy]% accuracy given [cue level] cues, as measured by clinician data.',
    ...criterion(80, 3, 'verbal'),
  },
  {
    id: 'other-09',
    name: 'Hearing self-advocacy',
    description: '[student] will state their listening needs and ask for a repair when they miss information (e.g., "Please repeat that", moving closer, checking their hearing technology) in [accuracy]% of opportunities given [cue level] cues, as measured by clinician and teacher data.',
    ...criterion(80, 3, 'gestural', OPPORTUNITIES),
  },
]);

/** Caseload's templates, by goal type in the form's order of types. */
export const caseloadTemplates: readonly GoalTemplate[] = [...articulation, ...expressiveLanguage, ...receptiveLanguage, ...fluency, ...voice, ...pragmatics, ...other];
