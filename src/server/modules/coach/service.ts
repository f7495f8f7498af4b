/**
 * The coach module's public surface: what the chat, the knowledge base, the app and other
 * modules' tests use. The engines behind it (playbook/, llm/) are the module's own business.
 */
export type { CoachContext, CoachEngine, CoachReply, CoachStream, EngineState, HistoryMessage, KnowledgePassage, RepProfile } from './engine.js';
export { CoachUnavailableError } from './engine.js';
export { selectCoachEngine } from './select-engine.js';
export { COACH_UNAVAILABLE_MESSAGE } from './llm/llm-engine.js';
export { FALLBACK_NOTICE, withFallback } from './fallback.js';
export { PERSON_REQUEST_REASON, asksForPerson, withPersonRequests } from './person-request.js';
export type { SelectOptions } from './select-engine.js';
