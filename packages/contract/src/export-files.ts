/**
 * The files of a whole export (part 4 §5): one JSON Lines file per kind of record. Each file is a
 * schema with a description of the file and of every field beside it; the export writes exactly
 * the described fields of each record (nothing else leaves the account, so no secret can), and
 * `data-dictionary.json` / `data-dictionary.md` are generated from this table, never written by
 * hand. The field table is typed by the schema's shape, so a field without a description does not
 * compile.
 */
import * as z from 'zod/mini';

type Shape = Record<string, z.core.$ZodType>;

export interface ExportFileDef<S extends Shape = Shape> {
  description: string;
  shape: S;
  fields: { [K in keyof S]: string };
}

const file = <S extends Shape>(description: string, shape: S, fields: { [K in keyof S]: string }): ExportFileDef<S> => ({ description, shape, fields });

const str = () => z.string();
const num = () => z.number();
const bool = () => z.boolean();
const opt = <T extends z.core.$ZodType>(t: T) => z.optional(t);
const strings = () => z.array(z.string());
const audited = {
  createdAt: str(),
  updatedAt: str(),
  createdBy: opt(str()),
  updatedBy: opt(str()),
};
const auditedFields = {
  createdAt: 'When the record was created (ISO 8601, UTC)',
  updatedAt: 'When the record was last changed (ISO 8601, UTC)',
  createdBy: 'Id of the user who created it',
  updatedBy: 'Id of the user who last changed it',
};

/** Every file, by its name without `.jsonl`, in the order the export writes them. */
export const exportFiles = {
  users: file(
    'The people who sign in to the district, without any secret (no password hash, second-factor or sign-in secret).',
    {
      id: str(),
      email: str(),
      firstName: str(),
      lastName: str(),
      role: str(),
      userType: str(),
      parentUserId: opt(str()),
      isActive: bool(),
      twoFactorEnabled: bool(),
      permissions: opt(z.record(z.string(), z.unknown())),
      supervisorIds: opt(strings()),
      rosterExternalId: opt(str()),
      rosterDeactivated: opt(bool()),
      createdAt: str(),
      updatedAt: str(),
      createdBy: opt(str()),
    },
    {
      id: "The user's id",
      email: 'Sign-in e-mail address',
      firstName: 'First name',
      lastName: 'Last name',
      role: 'slp, assistant or admin',
      userType: 'owner (the district owner) or child (a user the owner added)',
      parentUserId: 'The owner who added this user',
      isActive: 'Whether the user may sign in',
      twoFactorEnabled: 'Whether the user signs in with a second factor',
      permissions: 'What the user may do, and the organizations whose students they may see (allowedOrganizationIds)',
      supervisorIds: "An assistant's supervising SLPs, who may co-sign their notes",
      rosterExternalId: 'The SIS staff id a roster import matched to this user',
      rosterDeactivated: 'Switched off by a roster import',
      createdAt: auditedFields.createdAt,
      updatedAt: auditedFields.updatedAt,
      createdBy: auditedFields.createdBy,
    },
  ),
  organizations: file(
    'Schools and other organizations the students belong to.',
    {
      id: str(),
      name: str(),
      orgType: str(),
      address: opt(str()),
      phone: opt(str()),
      contactPerson: opt(str()),
      schoolNumber: opt(str()),
      externalId: opt(str()),
      archivedAt: opt(str()),
      ...audited,
    },
    {
      id: "The organization's id",
      name: 'Name',
      orgType: 'Kind of organization (school, district, clinic...)',
      address: 'Postal address',
      phone: 'Phone number',
      contactPerson: 'Contact person',
      schoolNumber: 'State or district school number',
      externalId: 'The SIS id a roster import matched',
      archivedAt: 'When it was archived (absent while in use)',
      ...auditedFields,
    },
  ),
  clients: file(
    'Students on caseload.',
    {
      id: str(),
      organizationId: opt(str()),
      firstName: str(),
      lastInitial: str(),
      gradeLevel: opt(str()),
      teacher: opt(str()),
      diagnosis: opt(str()),
      sessionFrequency: opt(num()),
      icd10Codes: opt(strings()),
      medicaidEligible: opt(bool()),
      status: str(),
      clinicianIds: opt(strings()),
      archivedAt: opt(str()),
      homeLanguage: opt(str()),
      ...audited,
    },
    {
      id: "The student's id",
      organizationId: 'The organization (school) the student belongs to',
      firstName: 'First name',
      lastInitial: 'Initial of the last name',
      gradeLevel: 'Grade level',
      teacher: 'Classroom teacher',
      diagnosis: 'Diagnosis (free text)',
      sessionFrequency: 'Planned sessions per week',
      icd10Codes: 'ICD-10 codes',
      medicaidEligible: 'Whether services are billed to Medicaid',
      status: 'active, inactive or discharged',
      clinicianIds: 'Ids of the clinicians the student is assigned to',
      archivedAt: 'When the student was archived (absent while on caseload)',
      homeLanguage: "The family's language for shared reports",
      ...auditedFields,
    },
  ),
  ieps: file(
    "Students' IEPs and the service minutes they require.",
    {
      id: str(),
      clientId: str(),
      startDate: str(),
      endDate: str(),
      nextReviewDate: opt(str()),
      nextEvaluationDate: opt(str()),
      status: str(),
      serviceMinutes: num(),
      servicePer: str(),
      serviceType: str(),
      endedOn: opt(str()),
      ...audited,
    },
    {
      id: "The IEP's id",
      clientId: 'The student',
      startDate: 'First day the IEP applies (yyyy-MM-dd)',
      endDate: 'Last day the IEP applies (yyyy-MM-dd)',
      nextReviewDate: 'Date of the next annual review',
      nextEvaluationDate: 'Date of the next re-evaluation',
      status: 'active, draft or ended',
      serviceMinutes: 'Required service minutes per period',
      servicePer: 'week or month',
      serviceType: 'individual, group or either',
      endedOn: 'The day it was ended early',
      ...auditedFields,
    },
  ),
  goals: file(
    "Students' goals.",
    {
      id: str(),
      clientId: str(),
      organizationId: opt(str()),
      name: str(),
      goalType: str(),
      description: str(),
      targetCriteria: str(),
      targetDate: opt(str()),
      status: str(),
      masteredDate: opt(str()),
      baseline: opt(z.record(z.string(), z.unknown())),
      criterionAccuracy: opt(num()),
      criterionSessions: opt(num()),
      criterionMaxCue: opt(str()),
      ...audited,
    },
    {
      id: "The goal's id",
      clientId: 'The student',
      organizationId: "The student's organization when the goal was written",
      name: 'Short name',
      goalType: 'Area of the goal (articulation, language...)',
      description: 'The goal as written',
      targetCriteria: 'The criteria for mastery, as written',
      targetDate: 'Target date (yyyy-MM-dd)',
      status: 'active, mastered, discontinued...',
      masteredDate: 'When it was mastered',
      baseline: 'Baseline accuracy and its date',
      criterionAccuracy: 'Accuracy (percent) that counts towards mastery',
      criterionSessions: 'Consecutive sessions at that accuracy',
      criterionMaxCue: 'Highest cue level that still counts',
      ...auditedFields,
    },
  ),
  'goal-templates': file(
    "The district's goal bank.",
    {
      id: str(),
      name: str(),
      goalType: str(),
      description: str(),
      targetCriteria: str(),
      criterionAccuracy: opt(num()),
      criterionSessions: opt(num()),
      criterionMaxCue: opt(str()),
      createdAt: str(),
      createdBy: str(),
    },
    {
      id: "The template's id",
      name: 'Short name',
      goalType: 'Area of the goal',
      description: 'Goal text',
      targetCriteria: 'Criteria for mastery',
      criterionAccuracy: 'Accuracy (percent) that counts towards mastery',
      criterionSessions: 'Consecutive sessions at that accuracy',
      criterionMaxCue: 'Highest cue level that still counts',
      createdAt: auditedFields.createdAt,
      createdBy: auditedFields.createdBy,
    },
  ),
  sessions: file(
    'Sessions with their participants.',
    {
      id: str(),
      sessionType: str(),
      status: str(),
      scheduledAt: str(),
      duration: num(),
      notes: opt(str()),
      providerId: opt(str()),
      participants: z.record(z.string(), z.unknown()),
      seriesId: opt(str()),
      makeupForSessionId: opt(str()),
      evaluationCode: opt(str()),
      cancelReason: opt(str()),
      documented: opt(bool()),
      signedClientIds: opt(strings()),
      ...audited,
    },
    {
      id: "The session's id",
      sessionType: 'therapy, evaluation, consultation or meeting',
      status: 'scheduled, completed, cancelled...',
      scheduledAt: 'Start (ISO 8601, UTC)',
      duration: 'Length in minutes',
      notes: 'Session notes shared by every participant',
      providerId: 'The clinician who provides the session',
      participants:
        "Per student id: status (present, absent...), cancelReason, firstName, lastInitial, organizationId, addedAt. In a student's own export, the other students of a group read 'another student'.",
      seriesId: 'The recurring series it belongs to',
      makeupForSessionId: 'The missed session it makes up for',
      evaluationCode: 'CPT code of an evaluation',
      cancelReason: 'Why it was cancelled',
      documented: 'Whether every participant has documentation',
      signedClientIds: 'Students whose note is signed',
      ...auditedFields,
    },
  ),
  'session-series': file(
    'Recurring series of sessions: the rule and the sessions it made.',
    {
      id: str(),
      clientIds: strings(),
      providerId: str(),
      sessionType: str(),
      weekdays: z.array(z.number()),
      time: str(),
      duration: num(),
      startsOn: str(),
      until: str(),
      sessionIds: strings(),
      createdAt: str(),
      updatedAt: str(),
      createdBy: str(),
      updatedBy: str(),
    },
    {
      id: "The series' id",
      clientIds: 'The students',
      providerId: 'The clinician who provides the sessions',
      sessionType: 'therapy, evaluation, consultation or meeting',
      weekdays: 'Days of the week (1 Monday to 5 Friday)',
      time: 'Start time (HH:mm, district time zone)',
      duration: 'Length in minutes',
      startsOn: 'First day (yyyy-MM-dd)',
      until: 'Last day (yyyy-MM-dd)',
      sessionIds: 'The sessions of the series',
      createdAt: auditedFields.createdAt,
      updatedAt: auditedFields.updatedAt,
      createdBy: auditedFields.createdBy,
      updatedBy: auditedFields.updatedBy,
    },
  ),
  progress: file(
    'Data taken on a goal in a session.',
    {
      id: str(),
      sessionId: str(),
      goalId: str(),
      clientId: str(),
      organizationId: opt(str()),
      successfulAttempts: num(),
      totalAttempts: num(),
      notes: opt(str()),
      independentCorrect: opt(num()),
      cueCounts: opt(z.record(z.string(), z.number())),
      correctByCue: opt(z.record(z.string(), z.number())),
      recordedAt: str(),
      updatedAt: str(),
      updatedBy: opt(str()),
      clientUpdatedAt: opt(str()),
    },
    {
      id: "The record's id",
      sessionId: 'The session',
      goalId: 'The goal',
      clientId: 'The student',
      organizationId: "The student's organization",
      successfulAttempts: 'Correct trials',
      totalAttempts: 'All trials',
      notes: 'Notes on the goal in this session',
      independentCorrect: 'Correct trials without a cue',
      cueCounts: 'Trials per cue level',
      correctByCue: 'Correct trials per cue level',
      recordedAt: 'When the data was first recorded',
      updatedAt: auditedFields.updatedAt,
      updatedBy: auditedFields.updatedBy,
      clientUpdatedAt: 'When the device that scored the trials saved them (newer scores win)',
    },
  ),
  trials: file(
    'Each trial scored on a goal, in order (trials.jsonl has one line per trial).',
    { sessionId: str(), goalId: str(), clientId: str(), index: num(), correct: bool(), cue: str() },
    {
      sessionId: 'The session',
      goalId: 'The goal',
      clientId: 'The student',
      index: 'Position of the trial in the session (from 0)',
      correct: 'Whether the response was correct',
      cue: 'Cue level given',
    },
  ),
  'session-notes': file(
    "Each student's note in a session, with its signature (and the facts signed), co-signature and addenda.",
    {
      sessionId: str(),
      clientId: str(),
      notes: str(),
      signature: opt(z.record(z.string(), z.unknown())),
      cosignature: opt(z.record(z.string(), z.unknown())),
      addenda: opt(z.array(z.record(z.string(), z.unknown()))),
      updatedAt: str(),
      updatedBy: opt(str()),
    },
    {
      sessionId: 'The session',
      clientId: 'The student',
      notes: 'The note (sanitized rich text, HTML)',
      signature: 'Who signed (userId, name, role), when (at), and the copy of the service facts signed (facts)',
      cosignature: 'Who co-signed (userId, name, role) and when (at)',
      addenda: 'Addenda written after signing: text, userId, name, at',
      updatedAt: auditedFields.updatedAt,
      updatedBy: auditedFields.updatedBy,
    },
  ),
  'progress-notes': file(
    'Progress notes (parent reports) per reporting period.',
    {
      id: str(),
      clientId: str(),
      organizationId: opt(str()),
      content: str(),
      reportingPeriodStart: str(),
      reportingPeriodEnd: str(),
      generatedBy: str(),
      status: str(),
      ...audited,
    },
    {
      id: "The note's id",
      clientId: 'The student',
      organizationId: "The student's organization",
      content: 'The note (sanitized rich text, HTML)',
      reportingPeriodStart: 'First day of the period',
      reportingPeriodEnd: 'Last day of the period',
      generatedBy: 'ai or manual',
      status: 'generated, updated or delivered',
      ...auditedFields,
    },
  ),
  'reporting-periods': file(
    "The district's reporting periods.",
    { name: str(), start: str(), end: str() },
    { name: 'Name', start: 'First day (yyyy-MM-dd)', end: 'Last day (yyyy-MM-dd)' },
  ),
  'school-years': file(
    "The district's school years and their breaks.",
    { name: str(), firstDay: str(), lastDay: str(), breaks: z.array(z.record(z.string(), z.string())) },
    { name: 'Name', firstDay: 'First day (yyyy-MM-dd)', lastDay: 'Last day (yyyy-MM-dd)', breaks: 'Breaks: name, start, end' },
  ),
  closures: file('Days the schools are closed.', { date: str(), label: str() }, { date: 'The day (yyyy-MM-dd)', label: 'Why' }),
  'service-log': file(
    'The service log: one line per student present in a session (as csv/service-log.csv).',
    {
      sessionId: str(),
      clientId: str(),
      date: str(),
      student: str(),
      providerId: str(),
      provider: str(),
      role: str(),
      start: str(),
      end: str(),
      minutes: num(),
      groupSize: num(),
      cpt: str(),
      icd10Codes: strings(),
      sessionType: str(),
      medicaidEligible: bool(),
      signed: bool(),
      cosigned: str(),
    },
    {
      sessionId: 'The session',
      clientId: 'The student',
      date: 'Date of service (yyyy-MM-dd, district time zone)',
      student: 'Student as named on the log',
      providerId: 'The provider',
      provider: "Provider's name",
      role: "Provider's role",
      start: 'Start (HH:mm, district time zone)',
      end: 'End (HH:mm)',
      minutes: 'Minutes of service',
      groupSize: 'Students present',
      cpt: 'CPT code',
      icd10Codes: 'ICD-10 codes',
      sessionType: 'Type of session',
      medicaidEligible: 'Billed to Medicaid',
      signed: 'Whether the note is signed',
      cosigned: 'Co-signature: yes, no or not needed',
    },
  ),
  'audit-events': file(
    'Who did what to which record, and when (content-free).',
    {
      id: str(),
      at: str(),
      action: str(),
      actorId: opt(str()),
      actorName: opt(str()),
      entityType: opt(str()),
      entityId: opt(str()),
      clientId: opt(str()),
      ip: opt(str()),
      summary: str(),
      addedIds: opt(strings()),
      removedIds: opt(strings()),
    },
    {
      id: "The event's id",
      at: 'When (ISO 8601, UTC)',
      action: 'What was done',
      actorId: 'Who did it',
      actorName: 'Their name at the time',
      entityType: 'Kind of record',
      entityId: 'The record',
      clientId: 'The student the record belongs to',
      ip: 'IP address of the request',
      summary: 'Short description',
      addedIds: 'Ids added to the record',
      removedIds: 'Ids removed from the record',
    },
  ),
} as const satisfies Record<string, ExportFileDef>;

export type ExportFileName = keyof typeof exportFiles;
export const exportFileNames = Object.keys(exportFiles) as ExportFileName[];

/** A field's type as the dictionary writes it: the JSON type, `?` when it may be absent. */
export function fieldType(schema: z.core.$ZodType): string {
  const def = schema._zod.def as { type: string; innerType?: z.core.$ZodType; element?: z.core.$ZodType; valueType?: z.core.$ZodType };
  switch (def.type) {
    case 'optional':
      return `${fieldType(def.innerType!)}?`;
    case 'array':
      return `array of ${fieldType(def.element!)}`;
    case 'record':
      return `object of ${fieldType(def.valueType!)}`;
    case 'unknown':
      return 'any';
    default:
      return def.type;
  }
}

export interface DataDictionary {
  files: Record<string, { description: string; fields: Record<string, { type: string; description: string }> }>;
}

/** `data-dictionary.json`: every file and field, from the table above. */
export function dataDictionary(): DataDictionary {
  const files: DataDictionary['files'] = {};
  for (const name of exportFileNames) {
    const def: ExportFileDef = exportFiles[name];
    const fields: DataDictionary['files'][string]['fields'] = {};
    for (const [field, schema] of Object.entries(def.shape)) fields[field] = { type: fieldType(schema), description: def.fields[field] ?? '' };
    files[`${name}.jsonl`] = { description: def.description, fields };
  }
  return { files };
}

/** `data-dictionary.md`: the same, for people. */
export function dataDictionaryMarkdown(dictionary: DataDictionary = dataDictionary()): string {
  const lines = [
    '# Data dictionary',
    '',
    'Each `<kind>.jsonl` file holds one JSON record per line. `manifest.json` counts the records of each file.',
    '`csv/` holds the service log and the minutes as the app exports them; `pdf/` the signed session notes and delivered parent reports.',
    '',
  ];
  for (const [name, f] of Object.entries(dictionary.files)) {
    lines.push(`## ${name}`, '', f.description, '', '| field | type | description |', '|---|---|---|');
    for (const [field, d] of Object.entries(f.fields)) lines.push(`| ${field} | ${d.type} | ${d.description.replace(/\|/g, '\\|')} |`);
    lines.push('');
  }
  return lines.join('\n');
}
