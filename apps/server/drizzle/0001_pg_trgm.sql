-- Custom SQL migration file, put your code below! ---- Trigram indexes (case-insensitive substring search of community names and member usernames) need pg_trgm.
-- It is a trusted extension (PostgreSQL 13+): the database owner may create it without superuser rights.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
