import type { Client, Organization } from '@caseload/contract/caseload';
import type { BulkJob, ProgressNote } from '@caseload/contract/notes';

const stamp = '2026-03-01T10:00:00.000Z';

export function client(n: number, overrides: Partial<Client> = {}): Client {
  return {
    id: `0000000${n}-0c4b-4e8a-9f51-2b7c3d9e1a0${n}`,
    firstName: ['Maya', 'Liam', 'Ava', 'Noah', 'Zoe'][n - 1] ?? `Client${n}`,
    lastInitial: 'R',
    status: 'active',
    icd10Codes: [],
    medicaidEligible: false,
    clinicianIds: [],
    createdAt: stamp,
    updatedAt: stamp,
    ...overrides,
  };
}

export const organization = (id: string, name: string): Organization => ({
  id,
  name,
  type: 'school',
  createdAt: stamp,
  updatedAt: stamp,
  stats: { activeClients: 0, sessionsThisMonth: 0, activeGoals: 0 },
});

export function note(n: number, overrides: Partial<ProgressNote> = {}): ProgressNote {
  const day = String(n).padStart(2, '0');
  return {
    id: `aaaaaaa${n}-0c4b-4e8a-9f51-2b7c3d9e1a0${n}`,
    clientId: client(1).id,
    content: `<p>Note ${n}: Maya produced /s/ in 80% of trials.</p>`,
    reportingPeriodStart: `2026-01-${day}`,
    reportingPeriodEnd: `2026-02-${day}`,
    createdAt: `2026-02-${day}T12:00:00.000Z`,
    updatedAt: `2026-02-${day}T12:00:00.000Z`,
    generatedBy: 'ai',
    status: 'generated',
    ...overrides,
  };
}

export function job(overrides: Partial<BulkJob> = {}): BulkJob {
  return {
    jobId: 'b0b0b0b0-0c4b-4e8a-9f51-2b7c3d9e1a00',
    status: 'running',
    total: 3,
    completed: 0,
    successCount: 0,
    errorCount: 0,
    skippedCount: 0,
    reportingPeriodStart: '2026-02-01',
    reportingPeriodEnd: '2026-03-01',
    errors: [],
    ...overrides,
  };
}
