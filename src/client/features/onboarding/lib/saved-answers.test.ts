// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { clearSavedAnswers, readSavedAnswers, SAVED_ANSWERS_KEY, saveAnswers } from './saved-answers';

afterEach(() => localStorage.clear());

describe('saved onboarding answers', () => {
  it('starts empty', () => {
    expect(readSavedAnswers()).toEqual({});
  });

  it('merges each step into the one record under salesCoachOnboarding', () => {
    saveAnswers({ age: 34 });
    const merged = saveAnswers({ city: 'Austin', state: 'TX' });
    expect(merged).toEqual({ age: 34, city: 'Austin', state: 'TX' });
    expect(JSON.parse(localStorage.getItem(SAVED_ANSWERS_KEY) ?? 'null')).toEqual(merged);
    expect(readSavedAnswers()).toEqual(merged);
  });

  it('overwrites an answer given again', () => {
    saveAnswers({ age: 34 });
    expect(saveAnswers({ age: 35 })).toEqual({ age: 35 });
  });

  it('drops only the fields that fail the schema', () => {
    localStorage.setItem(SAVED_ANSWERS_KEY, JSON.stringify({ age: 12, city: 'Austin', salesExperience: 'forever', currentIncome: '4200', extra: true }));
    expect(readSavedAnswers()).toEqual({ city: 'Austin' });
  });

  it('ignores a record that is not JSON or not an object', () => {
    localStorage.setItem(SAVED_ANSWERS_KEY, '{not json');
    expect(readSavedAnswers()).toEqual({});
    localStorage.setItem(SAVED_ANSWERS_KEY, '[1,2]');
    expect(readSavedAnswers()).toEqual({});
  });

  it('clears the record', () => {
    saveAnswers({ industry: 'Software' });
    clearSavedAnswers();
    expect(localStorage.getItem(SAVED_ANSWERS_KEY)).toBeNull();
    expect(readSavedAnswers()).toEqual({});
  });
});
