/**
 * The coach module's public surface: what the chat, the knowledge base, the app and other
 * modules' tests use. The engines behind it (playbook/, llm/) are the module's own business.
 */
export type { CoachContext, CoachEngine, CoachReply, CoachStream, CoachTurnReport, EngineState, HistoryMessage, KnowledgePassage, RepProfile } from './engine.js';
export { CoachUnavailableError } from './engine.js';
export { COACH_UNAVAILABLE_MESSAGE, FALLBACK_NOTICE } from './vocabulary.js';
export { selectCoachEngine } from './select-engine.js';
export { withFallback } from './fallback.js';
export { motionsIn } from './playbook/motion.js';
export { PERSON_REQUEST_REASON, asksForPerson, withPersonRequests } from './person-request.js';
export type { CoachLog, SelectOptions } from './select-engine.js';
export { drillReply, type DrillScene } from './playbook/drill.js';
// The objection deck (modules/deck) collects the buyer lines the coach reads and scores drill answers with the role-play rubric.
export { buyerLinesIn } from './playbook/facts.js';
export { assess, keepAndChange } from './playbook/role-play.js';
export type { Assessment } from './playbook/role-play.js';
export { sceneRunning } from './scene-running.js';
