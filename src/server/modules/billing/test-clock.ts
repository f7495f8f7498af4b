/**
 * The app's clock moved forward by an offset, for browser journeys that must see a renewal or a
 * period end (SANDBOX_TEST_CLOCK=1 with the sandbox only; buildApp never makes one otherwise).
 */
export function offsetClock(base: () => Date): { now: () => Date; advance: (ms: number) => void } {
  let offset = 0;
  return {
    now: () => new Date(base().getTime() + offset),
    advance: (ms) => {
      offset += ms;
    },
  };
}
