import { sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { SCALE_WORDS } from './scale-words';

/**
 * Varied English-like text for the scale seeder, made set-based in SQL (issue 16 §3: search is measured on text
 * with common words, rare words and real phrases, not on one repeated sentence).
 *
 * 1. `scale_words (r, w)`: the vocabulary of scale-words.ts, rank r = 1 most frequent.
 * 2. `scale_sentences (k, s)`: a pool of sentences of 5-15 words, each word drawn with probability about 1/rank
 *    (Zipf: rank = floor((V+1)^u) for u uniform in [0, 1)); a fixed seed, so every run writes the same pool.
 * 3. A post, comment or blog is a few sentences of the pool picked by hashes of its number, plus the marker
 *    sentences below, chosen by its number: the bench knows how many documents hold each marker.
 */

/** Sentences in the pool at most (fewer for small runs); each is in about docs × 3 / pool documents. */
export const SCALE_SENTENCE_POOL = 100_000;

/**
 * The bench's markers (none of their words is in the vocabulary). A document numbered n (1..count of its kind) holds:
 * - `rare`: n a multiple of floor(count / 20), so 20 documents of each kind (fewer only when count < 20);
 * - `common` ("weekend"): n % 10 = 3, 10% of the documents;
 * - `phrase` ("harvest moon"): n % 100 = 17, 1%, and `phraseApart` (the same two words apart: "harvest" at
 *   n % 100 = 29, "moon" at n % 100 = 53), 2%, so the phrase query has look-alikes to reject;
 * - `prefix` (words starting with "photog": photograph, photographer, photography, photographic): n % 50 = 7, 2%.
 * Comments use a hash of (post, slot) as n (`commentNumber`), so their shares are these only on average.
 */
export const SCALE_MARKERS = {
  rare: { query: 'quokka', perKind: 20, sentences: ['I finally saw a quokka on the island.', 'A quokka walked right up to our table!'] },
  common: {
    query: 'weekend',
    every: 10,
    at: 3,
    sentences: [
      'Anyone around this weekend?',
      'We could meet up next weekend.',
      'The weekend looks busy for me.',
      'I spent the whole weekend on it.',
      'Weekend plans, anyone?',
      'See you all at the weekend.',
    ],
  },
  phrase: {
    query: '"harvest moon"',
    every: 100,
    at: 17,
    sentences: [
      'The harvest moon was huge last night.',
      'We walked home under a harvest moon.',
      'Harvest moon tonight, look east after sunset.',
    ],
  },
  phraseApart: {
    every: 100,
    harvestAt: 29,
    moonAt: 53,
    harvest: ['The harvest came in early this year.', 'We helped with the apple harvest on Sunday.'],
    moon: ['The moon was bright over the hills.', 'No moon tonight, perfect for the stars.'],
  },
  prefix: {
    query: 'photog',
    every: 50,
    at: 7,
    sentences: [
      'Does anyone here do wildlife photography?',
      'The photographer wants to meet us at the gate.',
      'I printed the photograph for the kitchen wall.',
      'Some photographic tips would help a lot.',
    ],
  },
} as const;

/** The vocabulary as ranks and words (phrases' `_` become spaces), first occurrence of each word kept. */
export function scaleVocabulary(): string[] {
  const seen = new Set<string>();
  const words: string[] = [];
  for (const w of SCALE_WORDS.split(/\s+/)) {
    if (!w || seen.has(w.toLowerCase())) continue;
    seen.add(w.toLowerCase());
    words.push(w.replaceAll('_', ' '));
  }
  return words;
}

const textArray = (xs: readonly string[]) =>
  sql`${`{${xs.map((x) => `"${x.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`).join(',')}}`}::text[]`;

/**
 * Creates `scale_words` and `scale_sentences` (temp tables of the transaction) with `pool` sentences; returns the pool
 * size. Deterministic: the same pool for the same size.
 */
export async function createScaleSentences(tx: Tx, pool: number): Promise<number> {
  const words = scaleVocabulary();
  await tx.execute(sql`
    CREATE TEMP TABLE scale_words ON COMMIT DROP AS
    SELECT r::int, w FROM unnest(${textArray(words)}) WITH ORDINALITY AS t(w, r)`);
  await tx.execute(sql`CREATE UNIQUE INDEX ON scale_words (r)`);
  await tx.execute(sql`SELECT setseed(0.16)`);
  // random() runs in this backend only (it is parallel-restricted), in generate_series order: the same pool each run.
  await tx.execute(sql`
    CREATE TEMP TABLE scale_sentences ON COMMIT DROP AS
    WITH picks AS MATERIALIZED (
      SELECT k, j, least(floor(exp(random() * ln(${words.length + 1}::float8)))::int, ${words.length}) AS r
      FROM generate_series(1, ${pool}) k CROSS JOIN LATERAL generate_series(1, 5 + (k * 7) % 11) j),
    joined AS (
      SELECT p.k, string_agg(w.w, ' ' ORDER BY p.j) AS s FROM picks p JOIN scale_words w ON w.r = p.r GROUP BY p.k)
    SELECT k, upper(left(s, 1)) || substr(s, 2) || (CASE WHEN k % 9 = 0 THEN '?' WHEN k % 13 = 0 THEN '!' ELSE '.' END) AS s
    FROM joined`);
  await tx.execute(sql`CREATE UNIQUE INDEX ON scale_sentences (k)`);
  await tx.execute(sql`ANALYZE scale_sentences`);
  return pool;
}

/** Pool size for a run that writes `docs` documents: enough variety, never more than the documents need. */
export const sentencePoolFor = (docs: number) => Math.max(500, Math.min(SCALE_SENTENCE_POOL, docs));

/** A sentence number 1..pool from a bigint SQL expression (a hash, evenly spread). */
export const pickSentence = (x: SQL, pool: number) => sql`(((hashint8(${x}) + 2147483648::bigint) % ${pool}) + 1)::int`;

/** A comment's marker number from its post and slot: spread evenly, so marker shares hold on average. */
export const commentNumber = (d: SQL, slot: number | SQL) => sql`(hashint8(${d}::bigint * 16 + ${slot} + 7777777) + 2147483648::bigint)`;

/**
 * The marker sentences of document n (bigint SQL) of a kind with `count` documents, joined by spaces; NULL when it has
 * none (concat_ws skips it).
 */
export function markerText(n: SQL, count: number): SQL {
  const m = SCALE_MARKERS;
  const rareEvery = Math.max(1, Math.floor(count / m.rare.perKind));
  const pick = (xs: readonly string[], by: SQL) => sql`(${textArray(xs)})[1 + ((${by}) % ${xs.length})::int]`;
  return sql`nullif(concat_ws(' ',
    CASE WHEN ${n} % ${rareEvery} = 0 THEN ${pick(m.rare.sentences, sql`${n} / ${rareEvery}`)} END,
    CASE WHEN ${n} % ${m.common.every} = ${m.common.at} THEN ${pick(m.common.sentences, sql`${n} / ${m.common.every}`)} END,
    CASE ${n} % ${m.phrase.every}
      WHEN ${m.phrase.at} THEN ${pick(m.phrase.sentences, sql`${n} / ${m.phrase.every}`)}
      WHEN ${m.phraseApart.harvestAt} THEN ${pick(m.phraseApart.harvest, sql`${n} / ${m.phrase.every}`)}
      WHEN ${m.phraseApart.moonAt} THEN ${pick(m.phraseApart.moon, sql`${n} / ${m.phrase.every}`)} END,
    CASE WHEN ${n} % ${m.prefix.every} = ${m.prefix.at} THEN ${pick(m.prefix.sentences, sql`${n} / ${m.prefix.every}`)} END), '')`;
}

/**
 * The search vectors (issue 16) written by the inserts themselves: the seeder skips triggers with foreign-key checks
 * (`session_replication_role = replica`), which skips the search triggers too, so each insert writes the vector the
 * trigger would have (the migration's functions, the configuration of search_settings). Where the triggers do run
 * (a role that may not skip them) they write the same value again.
 */
export const SEARCH_CONFIG = sql`(SELECT agora_search_config() AS cfg) search_cfg`;
export const SEARCH_VECTOR = {
  post: (content: SQL) => sql`agora_post_vector(search_cfg.cfg, ${content})`,
  comment: (content: SQL) => sql`agora_comment_vector(search_cfg.cfg, ${content})`,
  blog: (title: SQL, content: SQL) => sql`agora_titled_vector(search_cfg.cfg, ${title}, ${content})`,
};
