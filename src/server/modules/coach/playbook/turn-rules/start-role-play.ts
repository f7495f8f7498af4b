import { TOPIC_STAGE } from '#shared/coaching.js';
import { chooseTechnique } from '../choose-technique.js';
import { diagnose } from '../diagnose.js';
import { startScene } from '../scene.js';
import type { TurnRule } from './turn-input.js';

/** "Role-play this with me" (or "try again" after coaching): a scene on the technique given, else one chosen now. */
export const startRolePlay: TurnRule = {
  name: 'start role-play',
  apply({ ctx, state, intent, topic, stage, technique }) {
    if (intent !== 'roleplay' && !(intent === 'try_again' && state.phase === 'coached')) return undefined;
    const d = diagnose(ctx.message);
    const sceneTopic = topic ?? d.topics[0] ?? 'objection_handling';
    const sceneStage = topic ? stage : d.stage === 'general' ? TOPIC_STAGE[sceneTopic] : d.stage;
    const t = technique ?? chooseTechnique(sceneTopic, `${state.problem ?? ''} ${ctx.message}`, state, state.facts);
    return startScene(ctx, state, sceneTopic, sceneStage, t);
  },
};
