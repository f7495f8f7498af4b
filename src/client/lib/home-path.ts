/** product §6.3: a user who finished onboarding belongs in the chat; everyone else in onboarding. */
export const homePathFor = (user: { onboardingCompleted: boolean }) => (user.onboardingCompleted ? '/chat' : '/onboarding');
