import type pg from 'pg';

/**
 * Makes PostgreSQL refuse, with a real error (SQLSTATE P0001, its message quoting the text), any
 * chat message whose content contains `marker`: a database failure at a chosen point of a request.
 */
export async function failMessagesContaining(pool: pg.Pool, marker: string): Promise<void> {
  if (!/^[a-z0-9-]+$/.test(marker)) throw new Error('marker: lower-case letters, digits and dashes only');
  await pool.query(`
    create or replace function fail_marked_message() returns trigger language plpgsql as $$
    begin
      if new.content like '%${marker}%' then raise exception 'refused: %', new.content; end if;
      return new;
    end $$;
    create or replace trigger fail_marked before insert on chat_messages for each row execute function fail_marked_message();`);
}
