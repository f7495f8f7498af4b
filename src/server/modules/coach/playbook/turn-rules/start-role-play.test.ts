import { describe, expect, it } from 'vitest';
import { startRolePlay } from './start-role-play.js';
import { answeringRule, COACHED, inputAfter } from './test-conversation.js';

describe('start role-play', () => {
  it('starts a scene on the technique just given', () => {
    const input = inputAfter(COACHED, 'Role-play this with me');
    const turn = startRolePlay.apply(input);
    expect(turn?.reply.content).toContain("Let's practise.");
    expect(turn?.reply.state).toMatchObject({ phase: 'roleplay', techniqueId: input.state.techniqueId });
    expect(answeringRule(input)).toBe(startRolePlay.name);
  });

  it('takes "try again" as a new scene only once coaching is under way', () => {
    expect(startRolePlay.apply(inputAfter(COACHED, 'try again'))).toBeDefined();
    expect(startRolePlay.apply(inputAfter([], 'try again'))).toBeUndefined();
  });
});
