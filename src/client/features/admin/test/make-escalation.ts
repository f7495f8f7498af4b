import { escalationSchema, type Escalation } from '#shared/schemas/escalations';

/** A pending escalation as GET /api/admin/escalations returns it, for the panel's component tests. */
export function makeEscalation(overrides: Partial<Escalation> = {}): Escalation {
  return escalationSchema.parse({
    id: 9,
    createdAt: '2026-01-15T12:00:00.000Z',
    updatedAt: '2026-01-15T12:00:00.000Z',
    status: 'pending',
    priority: 'urgent',
    user: { id: 4, username: 'rep_dana' },
    sessionId: '8f1c3c5e-0000-4000-8000-000000000000',
    escalationReason: 'The rep asked to talk to a person.',
    userMessage: '<img src=x onerror=alert(1)> can I talk to someone?',
    aiAttempt: 'I asked the coaching team to read this conversation.',
    adminResponse: null,
    learningNote: null,
    sessionMessageCount: 6,
    respondedBy: null,
    ...overrides,
  });
}
