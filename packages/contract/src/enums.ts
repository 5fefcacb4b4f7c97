/** Every enumeration of both spec parts, as const tuples so zod and the SPA share one list. */

export const organizationTypes = ['school', 'clinic', 'private_practice', 'hospital'] as const;
export const organizationTypeLabels: Record<OrganizationType, string> = {
  school: 'School',
  clinic: 'Clinic',
  private_practice: 'Private Practice',
  hospital: 'Hospital',
};
export type OrganizationType = (typeof organizationTypes)[number];

export const clientStatuses = ['active', 'inactive', 'discharged'] as const;
export type ClientStatus = (typeof clientStatuses)[number];

export const gradeLevels = ['PreK', 'K', '1', '2', '3', '4', '5', '6', '7', '8', '9', '10', '11', '12'] as const;
export type GradeLevel = (typeof gradeLevels)[number];
const ordinal = (n: number) => (n === 1 ? '1st' : n === 2 ? '2nd' : n === 3 ? '3rd' : `${n}th`);
export const gradeLevelLabels: Record<GradeLevel, string> = Object.fromEntries(
  gradeLevels.map((g) => [g, g === 'PreK' ? 'Pre-K' : g === 'K' ? 'Kindergarten' : `${ordinal(Number(g))} Grade`]),
) as Record<GradeLevel, string>;

export const roles = ['slp', 'assistant', 'admin'] as const;
export type Role = (typeof roles)[number];
export const roleLabels: Record<Role, string> = {
  slp: 'Speech-Language Pathologist',
  assistant: 'Assistant',
  admin: 'Administrator',
};

export const userTypes = ['owner', 'child'] as const;
export type UserType = (typeof userTypes)[number];

export const sessionTypes = ['therapy', 'evaluation', 'consultation', 'meeting'] as const;
export type SessionType = (typeof sessionTypes)[number];
export const sessionTypeLabels: Record<SessionType, string> = {
  therapy: 'Therapy',
  evaluation: 'Evaluation',
  consultation: 'Consultation',
  meeting: 'Meeting',
};

/** CPT codes of a completed evaluation (part 4 §1.2): fluency, speech sound production, with language, voice and resonance. */
export const evaluationCodes = ['92521', '92522', '92523', '92524'] as const;
export type EvaluationCode = (typeof evaluationCodes)[number];
export const CHOOSE_EVALUATION_CODE = 'Choose the evaluation code';

export const sessionStatuses = ['scheduled', 'completed', 'canceled', 'no_show', 'rescheduled'] as const;
export type SessionStatus = (typeof sessionStatuses)[number];

export const participantStatuses = ['scheduled', 'present', 'absent', 'canceled'] as const;
export type ParticipantStatus = (typeof participantStatuses)[number];

/** Why a session or a participation was canceled (part 4 §1.3); `student_unavailable` is a school activity. */
export const cancelReasons = ['school_closure', 'provider_unavailable', 'student_unavailable', 'student_absent', 'other'] as const;
export type CancelReason = (typeof cancelReasons)[number];
export const cancelReasonLabels: Record<CancelReason, string> = {
  school_closure: 'School closure',
  provider_unavailable: 'Provider unavailable',
  student_unavailable: 'Student unavailable (school activity)',
  student_absent: 'Student absent',
  other: 'Other',
};
/** The reasons that owe the student a make-up; the others (closure, absence, other) never do. */
export const makeupOwedReasons: readonly CancelReason[] = ['provider_unavailable', 'student_unavailable'];
export const CHOOSE_CANCEL_REASON = 'Choose why it was canceled';

export const goalTypes = [
  'articulation',
  'expressive_language',
  'fluency',
  'other',
  'pragmatics',
  'receptive_language',
  'voice',
] as const;
export type GoalType = (typeof goalTypes)[number];
export const goalTypeLabels: Record<GoalType, string> = {
  articulation: 'Articulation',
  expressive_language: 'Expressive Language',
  fluency: 'Fluency',
  other: 'Other',
  pragmatics: 'Pragmatics',
  receptive_language: 'Receptive Language',
  voice: 'Voice',
};

/** Goal status as the screens use it; the stored enumeration's `met` is read as `mastered`. */
export const goalStatuses = ['active', 'mastered', 'on_hold', 'discontinued'] as const;
export type GoalStatus = (typeof goalStatuses)[number];

export const progressNoteStatuses = ['generated', 'updated', 'delivered'] as const;
export type ProgressNoteStatus = (typeof progressNoteStatuses)[number];

export const noteAuthors = ['ai', 'manual'] as const;
export type NoteAuthor = (typeof noteAuthors)[number];

/** The thirteen permission flags with their defaults for a new child user. */
export const permissionDefaults = {
  canGenerateProgressNotes: false,
  canEditClients: false,
  canCreateClients: false,
  canDeleteClients: false,
  canCreateSessions: false,
  canEditSessions: false,
  canDeleteSessions: false,
  canManageGoals: false,
  canViewProgressNotes: true,
  canEditProgressNotes: false,
  canDeleteProgressNotes: false,
  canManageUsers: false,
  canViewReports: true,
} as const;
export type PermissionFlag = keyof typeof permissionDefaults;
export const permissionFlags = Object.keys(permissionDefaults) as PermissionFlag[];
export const permissionLabels: Record<PermissionFlag, string> = {
  canGenerateProgressNotes: 'Generate progress notes',
  canEditClients: 'Edit clients',
  canCreateClients: 'Create clients',
  canDeleteClients: 'Archive clients',
  canCreateSessions: 'Create sessions',
  canEditSessions: 'Edit and document sessions',
  canDeleteSessions: 'Delete sessions',
  canManageGoals: 'Manage goals',
  canViewProgressNotes: 'View progress notes',
  canEditProgressNotes: 'Edit progress notes',
  canDeleteProgressNotes: 'Delete progress notes',
  canManageUsers: 'Manage users and organizations',
  canViewReports: 'View reports',
};
