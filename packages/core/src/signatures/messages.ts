/** The refusal of removing a signed participant (409); every other change a signature forbids answers SIGNED_NOTE (frozen.ts). */
export const SIGNED_PARTICIPANT_NOT_REMOVABLE = 'This client has a signed note in this session and cannot be removed';
