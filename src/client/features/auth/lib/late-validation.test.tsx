// @vitest-environment happy-dom
import { useLayoutEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { lateModule, useLateModule, type LateModule } from './late-validation';

/** Touches the form (asks for its module) as soon as it is drawn, before its effects have run. */
function TouchedAtOnce({ late, arrive }: { late: LateModule<string>; arrive: () => void }) {
  const { module, load } = useLateModule(late);
  useLayoutEffect(() => {
    load();
    arrive();
  }, [load, arrive]);
  return <p>{module ?? 'waiting'}</p>;
}

describe('useLateModule', () => {
  // Rendered as the browser does, not inside act(): the effects then run a task after the commit.
  const actEnvironment = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
  beforeEach(() => (actEnvironment.IS_REACT_ACT_ENVIRONMENT = false));
  afterEach(() => (actEnvironment.IS_REACT_ACT_ENVIRONMENT = true));

  it('takes a module that arrives after the form is touched but before its effects have run', async () => {
    let resolve: (value: string) => void = () => undefined;
    const late = lateModule(() => new Promise<string>((r) => (resolve = r)));
    const container = document.createElement('div');
    const root = createRoot(container);
    root.render(<TouchedAtOnce late={late} arrive={() => resolve('validation')} />);
    await new Promise((r) => setTimeout(r, 50));
    expect(container.textContent).toBe('validation');
    root.unmount();
  });
});
