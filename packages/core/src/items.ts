/**
 * The stored shape of each tenant item (beyond PK/SK/GSI keys and `type`). Services map these to
 * the contract's response shapes; nothing outside core sees an item.
 *
 * `type` on every item is the ENTITY type (keys.ts `entity`), so a record's own kind is stored as
 * `orgType`, `sessionType` and `goalType` and mapped back to `type` in API answers.
 */
import type { CancelReason, ClientStatus, EvaluationCode, GoalStatus, GoalType, GradeLevel, NoteAuthor, OrganizationType, ParticipantStatus, ProgressNoteStatus, Role, SessionStatus, SessionType } from '@caseload/contract/enums';
import type { Baseline, CueCounts, CueLevel, Trial } from '@caseload/contract/trials';
import type { SignatureFacts } from '@caseload/contract/signatures';
import type { ReportLanguage } from '@caseload/contract/families';

interface Audited {
  createdAt: string;
  updatedAt: string;
  createdBy?: string;
  updatedBy?: string;
}

export interface OrganizationItem extends Audited {
  id: string;
  accountId: string;
  name: string;
  orgType: OrganizationType;
  address?: string;
  phone?: string;
  contactPerson?: string;
  archivedAt?: string;
  /** Non-archived clients in the organization, kept by the client writes: archiving needs it at 0. */
  clientCount?: number;
  /** A school from a roster import (part 4 §3): its SIS `identifier`, shown as the school number. */
  schoolNumber?: string;
  /** The SIS `sourcedId` of a school from a roster import: how the next import finds it; never shown. */
  externalId?: string;
}

export interface ClientItem extends Audited {
  id: string;
  accountId: string;
  organizationId?: string;
  firstName: string;
  lastInitial: string;
  gradeLevel?: GradeLevel;
  teacher?: string;
  diagnosis?: string;
  sessionFrequency?: number;
  /** ICD-10-CM diagnosis codes for the service log (absent on clients written before it: none). */
  icd10Codes?: string[];
  medicaidEligible?: boolean;
  status: ClientStatus;
  /** The users who serve the client; absent on clients written before assignments (read as [createdBy]). */
  clinicianIds?: string[];
  /** Archived clients leave every list and cannot be scheduled; their records stay. */
  archivedAt?: string;
  /** The language the family reads reports in (part 4 §6); absent: English. */
  homeLanguage?: ReportLanguage;
}

/**
 * A clinician's copy of one assigned client's list answer (keys.caseloadEntry), rewritten in every
 * transaction that changes the client, so a caseload page is one Query with nothing else to read.
 */
export type CaseloadEntryItem = Pick<
  ClientItem,
  'id' | 'organizationId' | 'firstName' | 'lastInitial' | 'gradeLevel' | 'sessionFrequency' | 'teacher' | 'diagnosis' | 'icd10Codes' | 'medicaidEligible' | 'status' | 'createdAt' | 'updatedAt'
> & { clinicianId: string; clinicianIds: string[] };

export interface GoalItem extends Audited {
  id: string;
  accountId: string;
  clientId: string;
  /** Copied from the client so organization limits apply without reading the client. */
  organizationId?: string;
  name: string;
  goalType: GoalType;
  description: string;
  targetCriteria: string;
  targetDate?: string;
  status: GoalStatus;
  masteredDate?: string;
  baseline?: Baseline;
  criterionAccuracy?: number;
  criterionSessions?: number;
  criterionMaxCue?: CueLevel;
  /** Bumped by every goal write: a write conditioned on it cannot lose a concurrent one. */
  version?: number;
}

export interface ParticipantEntry {
  status: ParticipantStatus;
  /** Why the participation was canceled; only while `status` is `canceled` (absent on ones canceled before reasons existed). */
  cancelReason?: CancelReason;
  firstName: string;
  lastInitial: string;
  organizationId?: string;
  addedAt: string;
}

export interface SessionItem extends Audited {
  id: string;
  accountId: string;
  sessionType: SessionType;
  status: SessionStatus;
  scheduledAt: string;
  duration: number;
  notes?: string;
  /**
   * The user who provides the session; its provider index (GSI1) is written from it. Sessions
   * written before providers existed have none and read as their creator's (see provider.ts).
   */
  providerId?: string;
  /** Participants as a map keyed by client id (one item per session). */
  participants: Record<string, ParticipantEntry>;
  /** The recurring series this session is an occurrence of. */
  seriesId?: string;
  /** The canceled session whose make-up this is (settled in the participants' make-up items). */
  makeupForSessionId?: string;
  /** An evaluation's CPT code (its service-log line's code); never on other types. */
  evaluationCode?: EvaluationCode;
  /** Why the session was canceled; only while `status` is `canceled` (absent on ones canceled before reasons existed). */
  cancelReason?: CancelReason;
  /** Set by the first documentation save (note or progress): a series change never deletes such a session. */
  documented?: boolean;
  /**
   * Clients whose documentation of this session is signed (a string set, added by the signature's
   * own transaction with a version bump): they cannot be removed, nor the session deleted, and the
   * session's time, type, provider and status and their own status are frozen (sessions/frozen.ts).
   */
  signedClientIds?: Set<string>;
  /** Bumped by every session write: a write conditioned on it cannot lose a concurrent one. */
  version?: number;
}

/** Who signed or co-signed a client's documentation of a session, as of then. */
export interface SignatureEntry {
  userId: string;
  name: string;
  role: Role;
  at: string;
  /** The service as signed (part 4 §1.4); only on a signature, never a co-signature. */
  facts?: SignatureFacts;
}

export interface AddendumEntry {
  text: string;
  userId: string;
  name: string;
  at: string;
}

export interface SessionNoteItem {
  accountId: string;
  sessionId: string;
  clientId: string;
  notes: string;
  updatedAt: string;
  updatedBy?: string;
  /** Once present, the note, progress and trials of this (session, client) are locked. */
  signature?: SignatureEntry;
  cosignature?: SignatureEntry;
  /** Oldest first. */
  addenda?: AddendumEntry[];
}

export interface ProgressItem {
  id: string;
  accountId: string;
  sessionId: string;
  goalId: string;
  clientId: string;
  organizationId?: string;
  successfulAttempts: number;
  totalAttempts: number;
  notes?: string;
  /** The session's scheduled time, so period queries follow when the work happened. */
  recordedAt: string;
  updatedAt: string;
  updatedBy?: string;
  /**
   * Scored live (spec part 3 §3): the ordered trials, and what is derived from them in the same
   * write (successfulAttempts and totalAttempts too). Absent on rows saved with counts only.
   */
  trials?: Trial[];
  independentCorrect?: number;
  /** Trials per cue level. */
  cueCounts?: CueCounts;
  /** Correct trials per cue level: what a criterion with a highest cue level counts. */
  correctByCue?: CueCounts;
  /** When the device made the stored trial list: an older replay changes nothing. */
  clientUpdatedAt?: string;
  /**
   * Set by every save that went through the full guard (documentation.ts upsertProgress), removed
   * by what closes the row to saves (the note's signature, the student marked not there): while it
   * stands, a save is one conditional Put of this row instead of a transaction (issue 27).
   */
  openForSaves?: true;
}

export interface ProgressNoteItem extends Audited {
  id: string;
  accountId: string;
  clientId: string;
  organizationId?: string;
  content: string;
  reportingPeriodStart: string;
  reportingPeriodEnd: string;
  generatedBy: NoteAuthor;
  status: ProgressNoteStatus;
}

/** A note's text in another language (`NTRANS#<note>#<language>`): drafted by the AI or written by a clinician, shared only once reviewed. */
export interface NoteTranslation {
  accountId: string;
  noteId: string;
  language: ReportLanguage;
  /** Sanitized rich text. */
  text: string;
  draftedBy: 'ai' | 'clinician';
  updatedAt: string;
  reviewedBy?: string;
  reviewedByName?: string;
  reviewedAt?: string;
}

/** One note's period, stored inside its client's `NotePeriodsItem`. */
export interface NotePeriodRecord {
  noteId: string;
  start: string;
  end: string;
  status: ProgressNoteStatus;
  /** The clinician changed the content after generation. */
  edited: boolean;
}

/** All of a client's note periods by note id, with a version (the one-note-per-period rules read it whole). */
export interface NotePeriodsItem {
  accountId: string;
  clientId: string;
  notes: Record<string, NotePeriodRecord>;
  version: number;
}

/** The account's reporting periods, by start date. */
export interface ReportingPeriodsItem {
  accountId: string;
  periods: { name: string; start: string; end: string }[];
  version: number;
}

/** One IEP, stored inside its client's `IepSetItem`. */
export interface IepRecord {
  id: string;
  clientId: string;
  startDate: string;
  endDate: string;
  nextReviewDate?: string;
  nextEvaluationDate?: string;
  status: 'active' | 'draft' | 'ended';
  serviceMinutes: number;
  servicePer: 'week' | 'month';
  serviceType: 'individual' | 'group' | 'either';
  /** The day it was ended (required minutes stop after it). */
  endedOn?: string;
  createdAt: string;
  updatedAt: string;
  createdBy?: string;
  updatedBy?: string;
}

/** Every IEP of one client, keyed by IEP id; written under a version condition. */
export interface IepSetItem {
  accountId: string;
  clientId: string;
  ieps: Record<string, IepRecord>;
  version: number;
}

/** A day total of the ledger's first version (`DAY#<date>`), replaced by `AttendedItem`s by the ledger-v2 migration. */
export interface DeliveredDayItem {
  accountId: string;
  clientId: string;
  date: string;
  delivered: number;
}

/**
 * A session a client attended: present in a completed session. What the minutes need of it: its
 * school day, duration, type and how many students were present (individual or group service).
 */
export interface AttendedItem {
  accountId: string;
  clientId: string;
  sessionId: string;
  date: string;
  minutes: number;
  sessionType: SessionType;
  groupSize: number;
}

/** A canceled participation: owed a make-up until `settledBy` names the make-up session. */
export interface MakeupItem {
  accountId: string;
  clientId: string;
  sessionId: string;
  scheduledAt: string;
  /** The school day of `scheduledAt` in the account's time zone. */
  date: string;
  duration: number;
  settledBy?: string;
}

export interface SessionSeriesItem {
  id: string;
  accountId: string;
  clientIds: string[];
  providerId: string;
  sessionType: SessionType;
  weekdays: number[];
  time: string;
  duration: number;
  startsOn: string;
  until: string;
  /** Ids of the occurrences created (an occurrence deleted one by one may linger here; readers skip it). */
  sessionIds: string[];
  createdAt: string;
  updatedAt: string;
  createdBy: string;
  updatedBy: string;
  version: number;
}

export interface SchoolYearsItem {
  accountId: string;
  schoolYears: { name: string; firstDay: string; lastDay: string; breaks: { name: string; start: string; end: string }[] }[];
  version: number;
  /** Break days a save has not finished reconciling (timetable/closed-days.ts). */
  pendingDates?: Set<string>;
}

export interface ClosuresItem {
  accountId: string;
  closures: { date: string; label: string }[];
  version: number;
  /** Closed days a save has not finished reconciling (timetable/closed-days.ts). */
  pendingDates?: Set<string>;
}
