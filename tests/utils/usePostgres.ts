// Marks this jest project as the PostgreSQL run: openTestDatabase() then gives each file its own schema.
process.env.TEST_DB_KIND = 'postgres';
