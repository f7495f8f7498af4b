import { z } from 'zod';

const bool = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

/**
 * Every setting the server reads, checked once at start-up. Each has a default that makes
 * `npm start` work on a fresh machine; README.md and .env.example list them.
 */
const baseSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(5000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must start with postgres:// or postgresql://')
    .optional(),
  /** Connections in the app's PostgreSQL pool. */
  DB_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  /** How long a request waits for a database connection before it is answered 503. */
  DB_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5_000),
  /** The longest one statement may run; a database that stops answering gets 503 after this (plus 1 s). */
  DB_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(10_000),
  EMBEDDED_PG_PORT: z.coerce.number().int().min(0).max(65535).default(0),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: bool.default(false),
  COOKIE_SECURE: z.enum(['auto', 'always', 'never']).default('auto'),
  ALLOWED_ORIGINS: z
    .string()
    .default('')
    .transform((s) =>
      s
        .split(',')
        .map((o) => o.trim().toLowerCase().replace(/\/+$/, ''))
        .filter(Boolean),
    ),
  /**
   * The address people open the app at, when it is not the listening address itself (an HTTPS
   * proxy, a domain name): its origin may send state-changing requests.
   */
  PUBLIC_URL: z
    .url({ protocol: /^https?$/, error: 'PUBLIC_URL must be an http:// or https:// URL' })
    .optional(),
  TRIAL_DAYS: z.coerce.number().int().min(0).max(365).default(60),
  AUTH_RATE_LIMIT_PER_IP: z.coerce.number().int().min(1).default(30),
  /**
   * Failed sign-ins per 15 minutes for one account: from one address (an IPv6 /64), then from all
   * addresses together (docs/decisions/0015). The first is meant to be the lower: a stranger
   * guessing from one address then locks out only that address.
   */
  AUTH_RATE_LIMIT_PER_ACCOUNT_PER_IP: z.coerce.number().int().min(1).default(5),
  AUTH_RATE_LIMIT_PER_ACCOUNT: z.coerce.number().int().min(1).default(20),
  /** Chat messages one user may send per minute, and conversations one user may start per hour. */
  CHAT_MESSAGES_PER_MINUTE: z.coerce.number().int().min(1).default(30),
  CHAT_CONVERSATIONS_PER_HOUR: z.coerce.number().int().min(1).default(60),
  /** How long a SIGTERM/SIGINT waits for open requests and streams before closing them. */
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).max(120_000).default(10_000),
  PRODUCT_NAME: z.string().min(1).default('SalesCoach'),
  COMPANY_NAME: z.string().min(1).default('SalesCoach Inc.'),
  SUPPORT_EMAIL: z.email().default('support@salescoach.example'),
  PRIVACY_EMAIL: z.email().default('privacy@salescoach.example'),
  /** YouTube id of the tutorial's demo video; unset shows a still card. Ids are 11 URL-safe characters. */
  TUTORIAL_VIDEO_ID: z
    .string()
    .regex(/^[A-Za-z0-9_-]{11}$/, 'TUTORIAL_VIDEO_ID must be an 11-character YouTube video id')
    .optional(),
  /**
   * YouTube ids of the four training parts, in order, comma-separated (product §9). An empty
   * entry, or a missing one at the end, leaves that lesson without a video (it stands on its own).
   */
  TRAINING_VIDEO_IDS: z
    .string()
    .default('')
    .transform((s) => s.split(',').map((id) => id.trim()))
    .pipe(
      z
        .array(z.union([z.literal(''), z.string().regex(/^[A-Za-z0-9_-]{11}$/, 'each entry must be an 11-character YouTube video id or empty')]))
        .max(4, 'TRAINING_VIDEO_IDS lists at most four ids, one per training part'),
    )
    .transform((ids) => Array.from({ length: 4 }, (_, i) => ids[i] || null)),
  /**
   * The largest video an admin may upload for a lesson, in MB (issue #27). Files live under
   * DATA_DIR/lesson-videos; an upload over the limit is cut off as it streams, nothing kept.
   */
  LESSON_VIDEO_MAX_MB: z.coerce.number().int().min(1).max(4096).default(200),
  /**
   * product §12: when set, the admin panel unlocks with this key instead of the admin's own
   * password (docs/decisions/0012). No default: unset, the password unlocks. Never logged or sent
   * to the browser; at least 16 characters, so it cannot be guessed within the unlock's rate limit.
   */
  ADMIN_KEY: z.string().min(16, 'ADMIN_KEY must be at least 16 characters').max(200, 'ADMIN_KEY must be at most 200 characters').optional(),
  /** Pause between streamed pieces of the built-in coach's reply, so it reads as it is written. */
  COACH_STREAM_DELAY_MS: z.coerce.number().int().min(0).max(1000).default(15),
  /**
   * Stripe (product §4): all three set → real payments through Stripe; none → the built-in
   * sandbox provider (offline test cards). Never logged, never sent to the browser except the
   * publishable key, which is public by design.
   */
  STRIPE_SECRET_KEY: z.string().regex(/^(sk|rk)_(test|live)_\w+$/, 'STRIPE_SECRET_KEY must be a Stripe secret key (sk_test_… or sk_live_…)').optional(),
  STRIPE_PUBLISHABLE_KEY: z.string().regex(/^pk_(test|live)_\w+$/, 'STRIPE_PUBLISHABLE_KEY must be a Stripe publishable key (pk_test_… or pk_live_…)').optional(),
  STRIPE_WEBHOOK_SECRET: z.string().regex(/^whsec_\w+$/, 'STRIPE_WEBHOOK_SECRET must be a webhook signing secret (whsec_…)').optional(),
  /**
   * Browser tests only: with the sandbox provider, adds POST /api/sandbox/advance-clock, which
   * moves the app's clock forward and runs the renewals. Off unless set; refused with Stripe.
   */
  SANDBOX_TEST_CLOCK: bool.default(false),
});

const LLM_REQUIRED = 'is required when COACH_PROVIDER=openai-compatible';

/**
 * The LLM engine's settings (openai-compatible: any OpenAI-style endpoint), which exist only with
 * that provider: it needs its endpoint and model. With the built-in engine (playbook, offline) they
 * are not read, so a stale one left in .env cannot stop the app.
 */
const llmCoachSchema = z.object({
  COACH_PROVIDER: z.literal('openai-compatible'),
  COACH_BASE_URL: z.url({ error: (issue) => (issue.input === undefined ? LLM_REQUIRED : 'must be a URL') }),
  /** Optional: a local server (Ollama, llama.cpp) takes no key. */
  COACH_API_KEY: z.string().optional(),
  COACH_MODEL: z.string({ error: LLM_REQUIRED }),
  /**
   * The model's time (ADR 0013): it must start answering within the first-token timeout (thinking
   * counts) and never go quiet for longer than the between-chunks one; COACH_TIMEOUT_MS caps the
   * whole reply. Past them the built-in coach answers, or a reply mostly written is kept, marked.
   */
  COACH_FIRST_TOKEN_TIMEOUT_MS: z.coerce.number().int().min(1000).max(900_000).default(15_000),
  COACH_CHUNK_TIMEOUT_MS: z.coerce.number().int().min(500).max(900_000).default(10_000),
  COACH_TIMEOUT_MS: z.coerce.number().int().min(1000).max(1_800_000).default(120_000),
  /** tools: the diagnosis comes back through a tool call; text: as `<reply-data>` lines after the reply, for servers without tools. */
  COACH_OUTPUT: z.enum(['tools', 'text']).default('tools'),
  COACH_MAX_TOKENS: z.coerce.number().int().min(64).max(16_384).default(800),
  COACH_TEMPERATURE: z.coerce.number().min(0).max(2).default(0.5),
  /** Extra headers for every provider request, as a JSON object of strings (a gateway's routing or org headers). */
  COACH_HEADERS: z
    .string()
    .default('{}')
    .transform((raw, ctx) => {
      try {
        const value: unknown = JSON.parse(raw);
        if (typeof value === 'object' && value !== null && !Array.isArray(value) && Object.values(value).every((v) => typeof v === 'string')) return value as Record<string, string>;
      } catch {
        // Reported below.
      }
      ctx.addIssue({ code: 'custom', message: 'must be a JSON object of strings, e.g. {"HTTP-Referer":"https://coach.example.com"}' });
      return z.NEVER;
    }),
  /** Privacy: false leaves last month's and the target income, the city and the state out of what the provider receives. */
  COACH_SEND_INCOME_AND_LOCATION: bool.default(true),
});

const coachSchema = z.discriminatedUnion(
  'COACH_PROVIDER',
  [z.object({ COACH_PROVIDER: z.literal('playbook') }), llmCoachSchema],
  { error: 'must be playbook or openai-compatible' },
);

export const envSchema = baseSchema.and(coachSchema);

/** Every variable the server reads, whichever the provider (the docs list them all). */
export const ENV_VARIABLES = [...Object.keys(baseSchema.shape), ...Object.keys(llmCoachSchema.shape)];

export type Env = z.infer<typeof envSchema>;
/** The settings of the LLM coach: present only when COACH_PROVIDER=openai-compatible. */
export type LlmCoachEnv = Extract<Env, { COACH_PROVIDER: 'openai-compatible' }>;

const STRIPE_KEYS = ['STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY', 'STRIPE_WEBHOOK_SECRET'] as const;

/** Stripe takes all three keys or none: a partial set would silently fall back to the sandbox. */
const billingRules = (env: Env, ctx: z.RefinementCtx) => {
  const missing = STRIPE_KEYS.filter((k) => !env[k]);
  if (missing.length > 0 && missing.length < STRIPE_KEYS.length) {
    for (const k of missing) ctx.addIssue({ code: 'custom', path: [k], message: `is required: Stripe needs all of ${STRIPE_KEYS.join(', ')} (or none, for the built-in sandbox)` });
  }
  if (missing.length === 0 && env.SANDBOX_TEST_CLOCK) {
    ctx.addIssue({ code: 'custom', path: ['SANDBOX_TEST_CLOCK'], message: 'only works with the sandbox provider; unset it or the Stripe keys' });
  }
};

export function readEnv(source: NodeJS.ProcessEnv = process.env): Env {
  // Empty strings (e.g. `DATABASE_URL=` in a .env copy) mean "not set".
  const cleaned: Record<string, string | undefined> = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  // The built-in coach unless told otherwise (the union picks its settings by this name).
  cleaned.COACH_PROVIDER ??= 'playbook';
  const parsed = envSchema.superRefine(billingRules).safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return parsed.data;
}
