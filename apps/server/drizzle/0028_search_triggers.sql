-- Custom SQL migration file, put your code below! --
-- Search (issue 16, decision 0117): the search vectors are kept by PostgreSQL itself. A trigger per table writes
-- search_vector on insert and when the text changes (not on a like or a pin), with the text search configuration
-- named by the one row of search_settings (the server writes it at start from SEARCH_LANGUAGE and rebuilds every
-- vector when it changes). Then the vectors of the rows already there are built.
INSERT INTO search_settings (id, language) VALUES (true, 'english') ON CONFLICT (id) DO NOTHING;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION agora_search_config() RETURNS regconfig LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT coalesce((SELECT language FROM public.search_settings WHERE id), 'english')::regconfig
$$;
--> statement-breakpoint
-- A discussion: its first line weighted A (what a title is elsewhere), the rest B.
CREATE OR REPLACE FUNCTION agora_post_vector(cfg regconfig, body text) RETURNS tsvector LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT setweight(to_tsvector(cfg, split_part(body, E'\n', 1)), 'A')
    || setweight(to_tsvector(cfg, substr(body, strpos(body || E'\n', E'\n') + 1)), 'B')
$$;
--> statement-breakpoint
-- A blog: the title weighted A, the text B.
CREATE OR REPLACE FUNCTION agora_titled_vector(cfg regconfig, title text, body text) RETURNS tsvector LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT setweight(to_tsvector(cfg, title), 'A') || setweight(to_tsvector(cfg, body), 'B')
$$;
--> statement-breakpoint
-- A comment: its text, weight B (as a post's body).
CREATE OR REPLACE FUNCTION agora_comment_vector(cfg regconfig, body text) RETURNS tsvector LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT setweight(to_tsvector(cfg, body), 'B')
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION discussions_search_vector() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_vector := agora_post_vector(agora_search_config(), NEW.content);
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION comments_search_vector() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_vector := agora_comment_vector(agora_search_config(), NEW.content);
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION blogs_search_vector() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_vector := agora_titled_vector(agora_search_config(), NEW.title, NEW.content);
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER discussions_search_vector BEFORE INSERT OR UPDATE OF content ON discussions
  FOR EACH ROW EXECUTE FUNCTION discussions_search_vector();
--> statement-breakpoint
CREATE TRIGGER comments_search_vector BEFORE INSERT OR UPDATE OF content ON comments
  FOR EACH ROW EXECUTE FUNCTION comments_search_vector();
--> statement-breakpoint
CREATE TRIGGER blogs_search_vector BEFORE INSERT OR UPDATE OF title, content ON blogs
  FOR EACH ROW EXECUTE FUNCTION blogs_search_vector();
--> statement-breakpoint
UPDATE discussions d SET search_vector = agora_post_vector(s.cfg, d.content) FROM (SELECT agora_search_config() AS cfg) s;
--> statement-breakpoint
UPDATE comments c SET search_vector = agora_comment_vector(s.cfg, c.content) FROM (SELECT agora_search_config() AS cfg) s;
--> statement-breakpoint
UPDATE blogs b SET search_vector = agora_titled_vector(s.cfg, b.title, b.content) FROM (SELECT agora_search_config() AS cfg) s;
