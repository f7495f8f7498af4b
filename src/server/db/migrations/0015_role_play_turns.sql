-- Role-play turns stored before coaching marked them (`rolePlay`): the built-in coach's scene
-- turns (its state's phase is 'roleplay'), the reply that ends a scene (the one after such a turn,
-- with the feedback), and the model's scene turns (its state's roleplayStep). Marked, they take no
-- call outcome and count as no call on the progress page; outcomes logged on them stay stored (the
-- rep's own words, in their export), left out of the figures by the progress queries.
UPDATE "chat_messages" m SET "coaching" = m."coaching" || '{"rolePlay": true}'::jsonb
WHERE m."role" = 'assistant' AND m."coaching" IS NOT NULL AND (
  m."engine_state" ->> 'phase' = 'roleplay'
  OR m."engine_state" ->> 'roleplayStep' IN ('start', 'continue', 'end')
  OR (
    SELECT p."engine_state" ->> 'phase' FROM "chat_messages" p
    WHERE p."chat_session_id" = m."chat_session_id" AND p."role" = 'assistant' AND p."id" < m."id"
    ORDER BY p."id" DESC LIMIT 1
  ) = 'roleplay'
);
