import { z } from 'zod';

export const healthSchema = z.object({ status: z.literal('ok'), db: z.literal('ok') });
export const healthDownSchema = z.object({ status: z.literal('error'), db: z.literal('error') });
