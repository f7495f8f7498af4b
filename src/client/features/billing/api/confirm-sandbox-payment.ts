import type { SandboxConfirmInput, sandboxConfirmResultSchema } from '#shared/schemas/billing';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

export type SandboxConfirmResult = z.infer<typeof sandboxConfirmResultSchema>;

/** POST /api/sandbox/confirm-payment: pays the first invoice with a test card (402 when the card is refused). */
export const confirmSandboxPayment = (input: SandboxConfirmInput) => apiRequest<SandboxConfirmResult>('POST', '/api/sandbox/confirm-payment', input);
