/**
 * The database schema, one file per feature (issue #14: new tables land in their feature's file).
 * Everything is re-exported here, so code imports `db/schema/index.js` and drizzle-kit reads one entry.
 */
export * from './admin.js';
export * from './auth.js';
export * from './billing.js';
export * from './chat.js';
export * from './community.js';
export * from './escalations.js';
export * from './feedback.js';
export * from './knowledge.js';
export * from './rate-limits.js';
export * from './referrals.js';
export * from './training.js';
export * from './progress.js';
export * from './practice.js';
export * from './deck.js';
