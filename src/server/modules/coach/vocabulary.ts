/**
 * The coach's fixed words, shared by both engines and by the checks in front of them. The option
 * labels are what the rep taps under a reply, and a tapped label comes back as the rep's next
 * message: the built-in coach's intent patterns (playbook/intent.ts) read these exact labels, so
 * a label reworded here must still be read as the same intent (vocabulary.test.ts holds them to
 * it). Kept in one place so the engines cannot drift apart on what a choice is called.
 */

export const ANOTHER_TIP = 'Give me another tip';
export const ROLE_PLAY = 'Role-play this with me';
export const DIFFERENT_PROBLEM = 'I have a different problem';
export const HINT = 'Give me a hint';
export const STOP_ROLE_PLAY = 'Stop the role-play';
export const TRY_SCENE_AGAIN = 'Try the scene again';

/** After coaching with a technique: the usual next steps. */
export const NEXT_STEP_OPTIONS: readonly string[] = [ANOTHER_TIP, ROLE_PLAY, DIFFERENT_PROBLEM];
/** While the coach plays the buyer. */
export const SCENE_OPTIONS: readonly string[] = [HINT, STOP_ROLE_PLAY];
/** Once a scene has ended. */
export const AFTER_SCENE_OPTIONS: readonly string[] = [TRY_SCENE_AGAIN, ANOTHER_TIP, DIFFERENT_PROBLEM];

/** Said when no engine could answer (the built-in coach failed as well, or none stands in). */
export const COACH_UNAVAILABLE_MESSAGE = 'The AI coach is unavailable right now. Please try again in a moment.';

/** Put above a reply the built-in coach wrote in the model's place, so the rep knows why it reads differently. */
export const FALLBACK_NOTICE = '*Our AI coach is busy right now, so this answer comes from the built-in coach.*';
