/** Refusals of session changes that would destroy signed documentation (409). */
export const SIGNED_SESSION_NOT_DELETABLE = 'This session has signed notes and cannot be deleted';
export const SIGNED_PARTICIPANT_NOT_REMOVABLE = 'This client has a signed note in this session and cannot be removed';
