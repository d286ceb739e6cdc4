// Staff with the RUNNER duty are the venue's runners (issue 22, item 7): each has a runner row
// (`runners.user_id`), made when the duty is given on their role, whichever way it is given (the
// seed, an admin, SQL), and for those who hold it already. The runner interface chooses the
// signed-in runner by it. A runner row outlives the duty: tickets and zone runs name it.
import type { Knex } from 'knex';

// One statement per call: the embedded database (PGlite) prepares each, and a prepared statement
// holds one command.
export async function up(knex: Knex): Promise<void> {
  await knex.raw('CREATE UNIQUE INDEX runners_user_venue ON runners (user_id, venue_id) WHERE user_id IS NOT NULL');
  await knex.raw(`
    CREATE FUNCTION runner_for_duty() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF NEW.duty = 'RUNNER' AND NEW.venue_id IS NOT NULL THEN
        INSERT INTO runners (org_id, venue_id, user_id, name, status)
        SELECT NEW.organization_id, NEW.venue_id, u.id,
               coalesce(nullif(trim(concat_ws(' ', u.first_name, u.last_name)), ''), u.email), 'available'
          FROM users u WHERE u.id = NEW.user_id
        ON CONFLICT (user_id, venue_id) WHERE user_id IS NOT NULL DO NOTHING;
      END IF;
      RETURN NEW;
    END $$`);
  await knex.raw(`
    CREATE TRIGGER user_roles_runner AFTER INSERT OR UPDATE OF duty, venue_id ON user_roles
      FOR EACH ROW EXECUTE FUNCTION runner_for_duty()`);
  await knex.raw(`
    INSERT INTO runners (org_id, venue_id, user_id, name, status)
    SELECT r.organization_id, r.venue_id, u.id,
           coalesce(nullif(trim(concat_ws(' ', u.first_name, u.last_name)), ''), u.email), 'available'
      FROM user_roles r JOIN users u ON u.id = r.user_id
     WHERE r.duty = 'RUNNER' AND r.venue_id IS NOT NULL
    ON CONFLICT (user_id, venue_id) WHERE user_id IS NOT NULL DO NOTHING`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP TRIGGER user_roles_runner ON user_roles');
  await knex.raw('DROP FUNCTION runner_for_duty()');
  await knex.raw('DROP INDEX runners_user_venue');
}
