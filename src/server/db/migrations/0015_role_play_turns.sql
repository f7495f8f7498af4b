-- Role-play turns stored before coaching marked them (`rolePlay`): the built-in coach's scene
-- turns (its state's phase is 'roleplay': the opening, the buyer's answers, hints), the model's
-- scene turns (its state's roleplayStep, 'end' being the feedback), and the built-in coach's
-- feedback that ends a scene. That feedback is known exactly by what it offers next: "Try the
-- scene again" is offered by the built-in coach on scene feedback only, so a reply the rep asked
-- for mid-scene ("another tip", a new problem) stays coaching. The model may offer the same words
-- on coaching of its own, so its rows go by their step alone. Marked, they take no call outcome
-- and count as no call on the progress page; outcomes logged on them stay stored (the rep's own
-- words, in their export), left out of the figures by the progress queries.
UPDATE "chat_messages" m SET "coaching" = m."coaching" || '{"rolePlay": true}'::jsonb
WHERE m."role" = 'assistant' AND m."coaching" IS NOT NULL AND (
  m."engine_state" ->> 'phase' = 'roleplay'
  OR m."engine_state" ->> 'roleplayStep' IN ('start', 'continue', 'end')
  OR (
    (m."engine_state" ->> 'engine') IS DISTINCT FROM 'llm'
    AND jsonb_typeof(m."options") = 'array'
    AND m."options" ? 'Try the scene again'
  )
);
