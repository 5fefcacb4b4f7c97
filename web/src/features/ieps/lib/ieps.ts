import { iepBody, iepStatuses, servicePers, serviceTypes, type Iep, type IepInput, type IepStatus, type ServicePer, type ServiceType } from '@caseload/contract/school-year';
import { zodFieldErrors, type FieldErrors } from '../../../lib/form.ts';

export const iepStatusLabels: Record<IepStatus, string> = { active: 'Active', draft: 'Draft', ended: 'Ended' };
export const iepStatusPalette: Record<IepStatus, string> = { active: 'green', draft: 'yellow', ended: 'gray' };
export const servicePerLabels: Record<ServicePer, string> = { week: 'per week', month: 'per month' };
export const serviceTypeLabels: Record<ServiceType, string> = { individual: 'Individual', group: 'Group', either: 'Individual or group' };

export const statusOptions = iepStatuses.map((s) => ({ value: s, label: iepStatusLabels[s] }));
export const servicePerOptions = servicePers.map((p) => ({ value: p, label: servicePerLabels[p] }));
export const serviceTypeOptions = serviceTypes.map((t) => ({ value: t, label: serviceTypeLabels[t] }));

/** The form as typed: every field a string, as the inputs hold it. */
export interface IepFormValues {
  startDate: string;
  endDate: string;
  serviceMinutes: string;
  servicePer: ServicePer;
  serviceType: ServiceType;
  status: IepStatus;
  nextReviewDate: string;
  nextEvaluationDate: string;
  /** Only for an ended IEP: the day it ended (blank: today, set by the server). */
  endedOn: string;
}
export type IepField = keyof IepFormValues;

export const emptyIepForm: IepFormValues = {
  startDate: '',
  endDate: '',
  serviceMinutes: '',
  servicePer: 'week',
  serviceType: 'either',
  status: 'active',
  nextReviewDate: '',
  nextEvaluationDate: '',
  endedOn: '',
};

export function formFromIep(iep: Iep): IepFormValues {
  return {
    startDate: iep.startDate,
    endDate: iep.endDate,
    serviceMinutes: String(iep.serviceMinutes),
    servicePer: iep.servicePer,
    serviceType: iep.serviceType,
    status: iep.status,
    nextReviewDate: iep.nextReviewDate ?? '',
    nextEvaluationDate: iep.nextEvaluationDate ?? '',
    endedOn: iep.endedOn ?? '',
  };
}

/** What the server is sent for a stored IEP (a PUT replaces the whole record). */
export function bodyFromIep(iep: Iep): IepInput {
  const { startDate, endDate, nextReviewDate, nextEvaluationDate, status, serviceMinutes, servicePer, serviceType, endedOn } = iep;
  return { startDate, endDate, nextReviewDate, nextEvaluationDate, status, serviceMinutes, servicePer, serviceType, endedOn };
}

export type IepCheck = { ok: true; body: IepInput } | { ok: false; errors: FieldErrors };

/** The form checked with the server's own schema, so its messages are the ones shown. */
export function validateIepForm(values: IepFormValues): IepCheck {
  const minutes = values.serviceMinutes.trim();
  // The end day belongs to an ended IEP only: any other status sends none.
  const result = iepBody.safeParse({ ...values, serviceMinutes: minutes === '' ? undefined : Number(minutes), endedOn: values.status === 'ended' ? values.endedOn : undefined });
  if (!result.success) return { ok: false, errors: zodFieldErrors(result.error) };
  return { ok: true, body: result.data };
}

/** Whether the IEP covers the date (both ends included). */
const covers = (iep: Iep, date: string) => iep.startDate <= date && date <= iep.endDate;

/**
 * The IEP the card leads with: the active one covering today; else the next active one; else the
 * latest active or draft. Ended IEPs are history.
 */
export function currentIep(ieps: readonly Iep[], today: string): Iep | undefined {
  const open = ieps.filter((iep) => iep.status !== 'ended');
  const active = open.filter((iep) => iep.status === 'active');
  return (
    active.find((iep) => covers(iep, today)) ??
    [...active].filter((iep) => iep.startDate > today).sort((a, b) => a.startDate.localeCompare(b.startDate))[0] ??
    [...open].sort((a, b) => b.startDate.localeCompare(a.startDate))[0]
  );
}

/** Ended IEPs, the most recent first. */
export function pastIeps(ieps: readonly Iep[]): Iep[] {
  return ieps.filter((iep) => iep.status === 'ended').sort((a, b) => b.endDate.localeCompare(a.endDate));
}

/** Drafts and other active IEPs besides the current one (a renewal entered ahead of time). */
export function otherOpenIeps(ieps: readonly Iep[], current: Iep | undefined): Iep[] {
  return ieps.filter((iep) => iep.status !== 'ended' && iep.id !== current?.id).sort((a, b) => a.startDate.localeCompare(b.startDate));
}

/** An IEP can be ended once it has started: the end date must stay after the start date. */
export const canEnd = (iep: Iep, today: string) => iep.status === 'active' && iep.startDate < today;

/** Ending: status 'ended' on today (`endedOn`); the IEP's own end date stays as written. */
export function endedBody(iep: Iep, today: string): IepInput {
  return { ...bodyFromIep(iep), status: 'ended', endedOn: today };
}

/** '60 min per week · Individual or group' */
export const serviceLabel = (iep: Pick<Iep, 'serviceMinutes' | 'servicePer' | 'serviceType'>) =>
  `${iep.serviceMinutes} min ${servicePerLabels[iep.servicePer]} · ${serviceTypeLabels[iep.serviceType]}`;
