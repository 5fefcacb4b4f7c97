import * as z from 'zod/mini';
import { id, isoDateTime, requiredText, text, schema } from './common.ts';
import { permissionDefaults, roles, userTypes } from './enums.ts';

export const PASSWORD_MIN = 12;
export const PASSWORD_MAX = 128;

export const emailSchema = /* @__PURE__ */ schema(() =>
  z.pipe(
    z.string({ error: 'Please enter a valid email address' }).check(z.trim(), z.maxLength(255, 'Email must be at most 255 characters')),
    z.email({ message: 'Please enter a valid email address' }),
  ),
);

export const passwordSchema = /* @__PURE__ */ schema(() =>
  z.string({ error: 'Password is required' }).check(
    z.minLength(PASSWORD_MIN, 'Password must be at least 12 characters long'),
    z.maxLength(PASSWORD_MAX, 'Password must be at most 128 characters long'),
    z.regex(/[a-z]/, 'Password must contain at least one lowercase letter'),
    z.regex(/[A-Z]/, 'Password must contain at least one uppercase letter'),
    z.regex(/\d/, 'Password must contain at least one number'),
    z.regex(/[@$!%*?&]/, 'Password must contain at least one special character (@$!%*?&)'),
  ),
);

export const firstNameSchema = /* @__PURE__ */ schema(() =>
  requiredText(100, 'First name is required', 'First name', 'name'),
);
export const lastNameSchema = /* @__PURE__ */ schema(() =>
  requiredText(100, 'Last name is required', 'Last name', 'name'),
);

/** A password to check, not to set: only its presence and a sane length are required. */
const enteredPassword = () =>
  z.string({ error: 'Password is required' }).check(z.minLength(1, 'Password is required'), z.maxLength(1024, 'Password is too long'));

export const loginBody = /* @__PURE__ */ schema(() =>
  z.object({
    username: emailSchema,
    password: enteredPassword(),
  }),
);

export const registerBody = /* @__PURE__ */ schema(() =>
  z.object({
    email: emailSchema,
    password: passwordSchema,
    firstName: firstNameSchema,
    lastName: lastNameSchema,
    accountName: requiredText(255, 'Organization name is required', 'Organization name', 'name'),
    role: z._default(z.enum(roles), 'slp'),
  }),
);

/** The Sign Up form: the register body plus the confirmation, which is never sent. */
export const registerForm = z
  .extend(registerBody, { confirmPassword: passwordSchema })
  .check(z.refine((v) => v.password === v.confirmPassword, { message: "Passwords don't match", path: ['confirmPassword'] }));

export const twoFactorCode = /* @__PURE__ */ schema(() =>
  z.string({ error: 'Verification code must be 6 digits' }).check(z.regex(/^\d{6}$/, 'Verification code must be 6 digits')),
);

export const verifyTwoFactorBody = /* @__PURE__ */ schema(() =>
  z.object({ token: twoFactorCode, rememberDevice: z._default(z.boolean(), false) }),
);
export const enableTwoFactorBody = /* @__PURE__ */ schema(() =>
  z.object({ secret: text('line').check(z.minLength(1), z.maxLength(128)), token: twoFactorCode }),
);
export const disableTwoFactorBody = /* @__PURE__ */ schema(() =>
  z.object({ password: enteredPassword() }),
);
/**
 * Setting up 2FA while it is on replaces the secret: it needs proof beyond the session cookie,
 * the current password or a current code (either one). Off, the body may be empty.
 */
export const setupTwoFactorBody = /* @__PURE__ */ schema(() =>
  z.object({
    password: z.optional(enteredPassword()),
    token: z.optional(twoFactorCode),
  }),
);
export const twoFactorSetup = /* @__PURE__ */ schema(() =>
  z.object({ qrCode: z.string(), manualKey: z.string(), secret: z.string() }),
);

const flagShape = Object.fromEntries(Object.keys(permissionDefaults).map((k) => [k, z.boolean()])) as {
  [K in keyof typeof permissionDefaults]: z.ZodMiniBoolean;
};
export const permissionsSchema = /* @__PURE__ */ schema(() =>
  z.object({ ...flagShape, allowedOrganizationIds: z.array(id).check(z.maxLength(500)) }),
);
export type Permissions = z.infer<typeof permissionsSchema>;

export const currentUser = /* @__PURE__ */ schema(() =>
  z.object({
    id,
    email: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    role: z.enum(roles),
    userType: z.enum(userTypes),
    accountId: id,
    accountName: z.string(),
    /** The account's automatic sign-out (part 4 §2): the device warns 2 minutes before. */
    idleMinutes: z.number(),
    twoFactorEnabled: z.boolean(),
    permissions: permissionsSchema,
  }),
);
export type CurrentUser = z.infer<typeof currentUser>;

export const loginResponse = /* @__PURE__ */ schema(() =>
  z.union([currentUser, z.object({ requiresTwoFactor: z.literal(true) })]),
);
export type LoginResponse = z.infer<typeof loginResponse>;

export const trustedDevice = /* @__PURE__ */ schema(() =>
  z.object({
    id,
    deviceName: z.string(),
    ipAddress: z.string(),
    lastUsedAt: isoDateTime,
    expiresAt: isoDateTime,
  }),
);
export type TrustedDevice = z.infer<typeof trustedDevice>;

/**
 * A cookie the app can read (the session's own is HttpOnly): set with the login session and cleared
 * with it, it says a session may exist, so a device where nobody signed in asks the server nothing.
 */
export const SIGNED_IN_HINT_COOKIE = 'caseload_signed_in';
