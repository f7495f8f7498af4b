import { describe, expect, it } from 'vitest';
import { noScene } from './no-scene.js';
import { answeringRule, COACHED, IN_SCENE, inputAfter } from './test-conversation.js';

describe('no scene to stop', () => {
  it('says there is nothing to judge when "stop, how did I do" comes with no scene running', () => {
    const input = inputAfter(COACHED, 'stop, how did i do');
    expect(noScene.apply(input)?.reply.content).toMatch(/^No role-play is running/);
    expect(answeringRule(input)).toBe(noScene.name);
  });

  it('leaves "stop" in a scene to the scene', () => {
    expect(noScene.apply(inputAfter(IN_SCENE, 'stop, how did i do'))).toBeUndefined();
  });
});
