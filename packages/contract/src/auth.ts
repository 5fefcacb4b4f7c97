import * as z from 'zod';
import { id, isoDateTime, requiredText, text } from './common.ts';
import { permissionDefaults, roles, userTypes } from './enums.ts';

export const PASSWORD_MIN = 12;
export const PASSWORD_MAX = 128;

export const emailSchema = z
  .string({ error: 'Please enter a valid email address' })
  .trim()
  .max(255, 'Email must be at most 255 characters')
  .pipe(z.email({ message: 'Please enter a valid email address' }));

export const passwordSchema = z
  .string({ error: 'Password is required' })
  .min(PASSWORD_MIN, 'Password must be at least 12 characters long')
  .max(PASSWORD_MAX, 'Password must be at most 128 characters long')
  .regex(/[a-z]/, 'Password must contain at least one lowercase letter')
  .regex(/[A-Z]/, 'Password must contain at least one uppercase letter')
  .regex(/\d/, 'Password must contain at least one number')
  .regex(/[@$!%*?&]/, 'Password must contain at least one special character (@$!%*?&)');

export const firstNameSchema = requiredText(100, 'First name is required', 'First name');
export const lastNameSchema = requiredText(100, 'Last name is required', 'Last name');

export const loginBody = z.object({
  username: emailSchema,
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(1024, 'Password is too long'),
});

export const registerBody = z.object({
  email: emailSchema,
  password: passwordSchema,
  firstName: firstNameSchema,
  lastName: lastNameSchema,
  accountName: requiredText(255, 'Organization name is required', 'Organization name'),
  role: z.enum(roles).default('slp'),
});

/** The Sign Up form: the register body plus the confirmation, which is never sent. */
export const registerForm = registerBody
  .extend({ confirmPassword: passwordSchema })
  .refine((v) => v.password === v.confirmPassword, { message: "Passwords don't match", path: ['confirmPassword'] });

export const twoFactorCode = z.string({ error: 'Verification code must be 6 digits' }).regex(/^\d{6}$/, 'Verification code must be 6 digits');

export const verifyTwoFactorBody = z.object({ token: twoFactorCode, rememberDevice: z.boolean().default(false) });
export const enableTwoFactorBody = z.object({ secret: text('line').min(1).max(128), token: twoFactorCode });
export const disableTwoFactorBody = z.object({
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(1024, 'Password is too long'),
});
/**
 * Setting up 2FA while it is on replaces the secret: it needs proof beyond the session cookie,
 * the current password or a current code (either one). Off, the body may be empty.
 */
export const setupTwoFactorBody = z.object({
  password: z.string().min(1, 'Password is required').max(1024, 'Password is too long').optional(),
  token: twoFactorCode.optional(),
});
export const twoFactorSetup = z.object({ qrCode: z.string(), manualKey: z.string(), secret: z.string() });

const flagShape = Object.fromEntries(Object.keys(permissionDefaults).map((k) => [k, z.boolean()])) as {
  [K in keyof typeof permissionDefaults]: z.ZodBoolean;
};
export const permissionsSchema = z.object({ ...flagShape, allowedOrganizationIds: z.array(id).max(500) });
export type Permissions = z.infer<typeof permissionsSchema>;

export const currentUser = z.object({
  id,
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  role: z.enum(roles),
  userType: z.enum(userTypes),
  accountId: id,
  accountName: z.string(),
  twoFactorEnabled: z.boolean(),
  permissions: permissionsSchema,
});
export type CurrentUser = z.infer<typeof currentUser>;

export const loginResponse = z.union([currentUser, z.object({ requiresTwoFactor: z.literal(true) })]);
export type LoginResponse = z.infer<typeof loginResponse>;

export const trustedDevice = z.object({
  id,
  deviceName: z.string(),
  ipAddress: z.string(),
  lastUsedAt: isoDateTime,
  expiresAt: isoDateTime,
});
export type TrustedDevice = z.infer<typeof trustedDevice>;
