import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { whenIdleAfterLoad } from '../../../lib/when-idle-after-load';

/*
 * The auth card paints before its validation has loaded (issue #13: zod, react-hook-form and
 * the sign-in calls are about 40 KB gzipped, which /auth's 100 KB first paint has no room for).
 * The card's fields render from the start, as plain named inputs that keep what is typed; the
 * validation (../components/auth-validation.tsx: react-hook-form with the shared zod schema, and
 * the sign-in/sign-up calls) loads later, binds those same inputs and hands back its messages.
 * Nothing is sent unvalidated: a submit before it arrives waits for it.
 *
 * It is fetched once the page has loaded and the browser is idle, or at once when the form is
 * first touched (focus, a tap, a submit): fetched and run as soon as the card had painted, it
 * blocked the main thread while the page was first becoming usable (Lighthouse's total blocking
 * time on /auth: about 300 ms on a slow phone).
 */

/** What the validation hands the form: react-hook-form's bindings, its messages, its state. */
export interface FormBinding<F extends string> {
  register: (name: F) => UseFormRegisterReturn<F>;
  errors: Partial<Record<F, string>>;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  pending: boolean;
}

/** Every validation component gets `bind`, which it calls whenever what it hands over changes. */
export interface ValidationProps<F extends string> {
  bind: (binding: FormBinding<F>) => void;
}

/** An input's props before the validation binds it: a plain named input that keeps what is typed. */
export const unbound = <F extends string>(name: F): { name: F } => ({ name });

/** A module loaded once, on first use, whose value later renders can read synchronously. */
export interface LateModule<M> {
  loaded: () => M | undefined;
  load: () => Promise<M>;
}

export function lateModule<M>(load: () => Promise<M>): LateModule<M> {
  let value: M | undefined;
  let loading: Promise<M> | undefined;
  return {
    loaded: () => value,
    load: () =>
      (loading ??= load().then((module) => {
        value = module;
        return module;
      })),
  };
}

/**
 * The module once it has loaded, and `load` to ask for it now; it is asked for anyway once the
 * page has loaded and the browser is idle. A remounted form (the card's toggle) has it at once.
 * A module that cannot load (offline) is thrown to the page's error boundary, which offers a
 * reload: without validation the form could not send anything.
 */
export function useLateModule<M>(late: LateModule<M>): { module: M | undefined; load: () => void } {
  const [state, setState] = useState<{ module?: M; error?: unknown }>(() => ({ module: late.loaded() }));
  const asked = useRef(false);
  // No "still mounted?" guard on the answer: the form can be touched (focus, a tap) after it has
  // been drawn but before its effects have run, and such a guard, still unset then, dropped the
  // module for good, leaving a submit held forever. React ignores a state update after unmount.
  const load = useCallback(() => {
    if (asked.current) return;
    asked.current = true;
    late.load().then(
      (module) => setState({ module }),
      (error: unknown) => setState({ error }),
    );
  }, [late]);
  const ready = state.module !== undefined;
  useEffect(() => (ready ? undefined : whenIdleAfterLoad(load)), [ready, load]);
  if (state.error !== undefined) throw state.error;
  return { module: state.module, load };
}

/**
 * The form's submit handler: the validation's once bound; before that, it asks for the
 * validation, holds the submit and submits again as soon as the validation is bound, so an early
 * click gets the same checks and messages as a later one.
 */
export function useSubmit(binding: Pick<FormBinding<string>, 'onSubmit'> | null, load: () => void) {
  const formRef = useRef<HTMLFormElement>(null);
  // A ref, not state: nothing renders from it, and the submit again must wait for the commit
  // that binds the inputs, which is what the effect below runs after.
  const held = useRef(false);
  useEffect(() => {
    if (!binding || !held.current) return;
    held.current = false;
    formRef.current?.requestSubmit();
  }, [binding]);
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (binding) return binding.onSubmit(event);
    event.preventDefault();
    held.current = true;
    load();
  };
  return { formRef, onSubmit };
}
