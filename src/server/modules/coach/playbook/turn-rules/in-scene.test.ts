import { describe, expect, it } from 'vitest';
import { inScene } from './in-scene.js';
import { answeringRule, COACHED, IN_SCENE, inputAfter } from './test-conversation.js';

describe('in scene', () => {
  it('takes what the rep types during a role-play as their line to the buyer', () => {
    const input = inputAfter(IN_SCENE, "I hear you. What's making you hesitate, the price or the timing?");
    const turn = inScene.apply(input);
    expect(turn?.reply.content).toContain('Out of character for a moment.');
    expect(turn?.reply.state).toMatchObject({ phase: 'roleplay', scene: { exchanges: 1 } });
    expect(answeringRule(input)).toBe(inScene.name);
  });

  it('gives a hint in the scene, and ends it on "stop"', () => {
    expect(inScene.apply(inputAfter(IN_SCENE, 'Give me a hint'))?.reply.options).toEqual(['Stop the role-play']);
    expect(inScene.apply(inputAfter(IN_SCENE, 'stop'))?.reply.state).toMatchObject({ phase: 'coached', scene: undefined });
  });

  it('leaves a question to the coach, and every message outside a scene, to the other rules', () => {
    expect(inScene.apply(inputAfter(IN_SCENE, 'what if she says she needs to talk to her husband'))).toBeUndefined();
    expect(inScene.apply(inputAfter(COACHED, "I hear you. What's making you hesitate, the price or the timing?"))).toBeUndefined();
  });
});
