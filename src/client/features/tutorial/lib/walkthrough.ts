/**
 * The tutorial's demo: screens of the real app, recorded by `npm run demo:record`
 * (scripts/record-demo.ts), each with a caption taken from the text on that screen.
 */
export interface WalkthroughStep {
  /** The image's file name in src/client/features/tutorial/demo/. */
  image: string;
  /** What the step shows, from the screen's own text ("You: …\nCoach: …"); also the image's alt text. */
  caption: string;
}

export interface Walkthrough {
  /** The screens' size in CSS pixels (a phone's), so the page reserves their space before they load. */
  width: number;
  height: number;
  steps: WalkthroughStep[];
}

/** Budgets the recorder and the manifest's test hold the images to: small enough for a phone on a slow network. */
export const DEMO_IMAGE_MAX_BYTES = 60_000;
export const DEMO_TOTAL_MAX_BYTES = 400_000;
